import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type ScheduleView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';

const groups = { list: [{ id: 3, name: 'Sites', devices: [{ id: 'd1', name: 'Gateway 1' }] }] };

function renderForm(schedule?: ScheduleView) {
  const stub = stubFetch({ 'GET /api/v1/schedule/groups': () => ({ body: groups }) });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(
    <ScheduleForm open schedule={schedule} taskTypes={[6]} taskType={6} onClose={() => undefined} />,
  );
  return stub;
}

describe('the schedule form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says SPEC 5's rules in their words and sends nothing until they hold", async () => {
    const stub = renderForm();
    await userEvent.click(await screen.findByTestId('schedule-save'));
    for (const text of [
      messages.scheduleNameEmpty,
      messages.scheduleGroupRequired,
      messages.scheduleSelectionRequired,
      messages.scheduleEndDateRequired,
      messages.scheduleStartTimeRequired,
    ])
      expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
    // Start date (today) and weekdays (Monday to Friday) come filled in, Backup chosen.
    expect(screen.queryByText(messages.scheduleStartDateRequired)).toBeNull();
    expect(screen.queryByText(messages.scheduleWeekdaysRequired)).toBeNull();
    expect(screen.getByTestId('schedule-type')).toHaveTextContent('Backup');
    expect(stub.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('opens a schedule to edit with its values', async () => {
    renderForm({
      id: 9,
      name: 'Nightly',
      groupId: 3,
      selection: ['d1'],
      functionType: 6,
      kind: 'backup.device',
      params: {},
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      startTime: '10:00',
      weekdays: [1, 3],
      timeZone: 'UTC',
      createdByName: 'admin',
      createdAt: 0,
    });
    expect(await screen.findByDisplayValue('Nightly')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-03-31')).toBeInTheDocument();
    expect(screen.getByDisplayValue('10:00')).toBeInTheDocument();
    expect(await screen.findByTitle('Sites', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
  });
});
