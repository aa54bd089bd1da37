/**
 * Schedule end to end: a role with the ScheduleCreate control creates a Backup schedule from the sidebar's
 * Schedule panel; a role without it sees no Create button; the month calendar hides weekends and shows the
 * occurrences on weekdays at 10:00, and the week's time grid starts at 10:00. What the test made is removed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { permissionTree, type PermissionSet } from '@edge/protocol';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const tag = Date.now().toString(36).slice(-6);
const grant = { control: { enable: true }, isManagement: false };
const PASSWORD = `Schedule-pass-${tag}`;

/** The admin's API, with the CSRF token of its session. */
async function adminApi(page: Page) {
  const info = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  const headers = { 'x-csrf-token': info.csrfToken as string };
  const call = async (request: APIRequestContext, method: string, url: string, data?: unknown) => {
    const answer = await request.fetch(url, { method, data, headers });
    expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
    return answer.json();
  };
  return (method: string, url: string, data?: unknown) => call(page.request, method, url, data);
}

async function userWith(api: Awaited<ReturnType<typeof adminApi>>, name: string, grants: PermissionSet) {
  const role = await api('POST', '/api/v1/settings/permission/roles', {
    name: `${name}-role`,
    permissions: permissionTree(grants),
  });
  const user = await api('POST', '/api/v1/settings/account/users', {
    name,
    email: `${name}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    roleId: role.id,
    type: 'Admin',
  });
  return { roleId: role.id as number, userId: user.id as number };
}

const option = (page: Page, title: string) =>
  page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

async function pickDate(page: Page, id: string, value: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('a role with Schedule create makes a Backup schedule from the panel; the calendar shows weekdays from 10:00', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page);
  const api = await adminApi(page);
  const group = await api('POST', '/api/v1/inventory/group/create', { name: `sched-${tag}` });
  const { list } = await (
    await page.request.get('/api/v1/inventory/list', { params: { page: 1, pageSize: 10 } })
  ).json();
  const devices = (list as { id: string; name: string }[]).slice(0, 2);
  await api('PATCH', '/api/v1/inventory/group/assign', {
    groupId: group.id,
    deviceIds: devices.map((d) => d.id),
  });
  const creator = await userWith(api, `planner-${tag}`, { Schedule: grant, ScheduleCreate: grant });
  const viewer = await userWith(api, `watcher-${tag}`, { Schedule: grant });

  // A role that may not create: the panel is there, its Create button is not.
  await signInAs(page, `watcher-${tag}`, PASSWORD);
  await page.goto('/desk/schedule');
  await expect(page.getByTestId('schedule-panel')).toBeVisible();
  await expect(page.getByTestId('schedule-my-calendar')).toContainText(`sched-${tag}`);
  await expect(page.getByTestId('schedule-create')).toHaveCount(0);

  // A role that may: Create, with Backup the panel's only task type.
  await signInAs(page, `planner-${tag}`, PASSWORD);
  await page.goto('/desk/schedule');
  await expect(page.getByTestId('schedule-time-zone')).toContainText(/time zone: \S+/);
  await page.getByTestId('schedule-task-type').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Backup']);
  await page.keyboard.press('Escape');
  await page.getByTestId('schedule-create').click();
  const form = page.getByTestId('schedule-form');
  await expect(form).toBeVisible();
  await page.locator('#schedule_name').fill(`Backup ${tag}`);
  await chooseOption(page, 'schedule-group', `sched-${tag}`);
  await page.locator('#schedule_selection').click();
  for (const device of devices) await option(page, device.name).click();
  await page.keyboard.press('Escape');
  await expect(form.getByTestId('schedule-type')).toContainText('Backup');
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const nextMonthEnd = new Date(now.getFullYear(), now.getMonth() + 2, 0);
  await pickDate(page, 'schedule_startDate', `${month}-01`);
  await pickDate(page, 'schedule_endDate', nextMonthEnd.toLocaleDateString('sv-SE'));
  await pickDate(page, 'schedule_startTime', '10:00');
  await page.getByTestId('schedule-save').click();
  await expect(
    page.locator('.ant-notification-notice').filter({ hasText: 'Schedule created successfully.' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('schedule-table')).toContainText(`Backup ${tag}`);

  // The month: no Saturday or Sunday column; this month's occurrences all on weekdays, at 10:00.
  const calendar = page.getByTestId('schedule-calendar');
  await expect(calendar.locator('.fc-col-header-cell')).toHaveCount(5);
  await expect(calendar.locator('.fc-day-sat, .fc-day-sun')).toHaveCount(0);
  const events = calendar.locator('.fc-daygrid-day', {
    has: page.locator(`.fc-event:has-text("Backup ${tag}")`),
  });
  await expect(events.first()).toBeVisible();
  const days = await events.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')!));
  const inMonth = days.filter((d) => d.startsWith(month));
  const weekdaysOfMonth = Array.from(
    { length: 31 },
    (_, i) => new Date(now.getFullYear(), now.getMonth(), i + 1),
  )
    .filter((d) => d.getMonth() === now.getMonth() && d.getDay() !== 0 && d.getDay() !== 6)
    .map((d) => d.toLocaleDateString('sv-SE'));
  expect(inMonth).toEqual(weekdaysOfMonth);
  for (const time of await calendar
    .locator(`.fc-event:has-text("Backup ${tag}") .fc-event-time`)
    .allTextContents())
    expect(time).toBe('10:00');

  // The week's time grid starts at 10:00, and the occurrence sits in its first slot.
  await calendar.locator('.fc-timeGridWeek-button').click();
  await expect(calendar.locator('.fc-timegrid-slot-label[data-time]').first()).toHaveAttribute(
    'data-time',
    '10:00:00',
  );
  await expect(calendar.locator('.fc-timegrid-event', { hasText: `Backup ${tag}` }).first()).toContainText(
    '10:00',
  );

  // Deleted with confirmation.
  await page
    .getByTestId('schedule-table')
    .getByRole('button', { name: /Delete/ })
    .first()
    .click();
  await answerConfirm(page, 'ok', `Backup ${tag}`);
  await expect(page.getByTestId('schedule-table')).not.toContainText(`Backup ${tag}`);

  await signInAs(page);
  const cleanup = await adminApi(page);
  for (const { userId, roleId } of [creator, viewer]) {
    await cleanup('DELETE', '/api/v1/settings/account/users', { id: userId });
    await cleanup('DELETE', '/api/v1/settings/permission/roles', { id: roleId });
  }
  await cleanup('DELETE', '/api/v1/inventory/group/delete', { id: group.id });
});
