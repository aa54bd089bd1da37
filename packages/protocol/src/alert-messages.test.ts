/**
 * SPEC 5 "notify device ... controller and profile selected" for event rules, as the form and the API both
 * check them: each kind of event a rule watches needs what it is about selected (devices or groups or
 * every device; the controller; at least one profile), and only that.
 */
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { eventRuleRequest, eventSubjectOf, eventSubjects, ruleEvents } from './alert-messages.ts';

const base = { name: 'R', description: 'D', severity: 'warning' };
/** The issues of a rule, as path: message. */
const issuesOf = (body: Record<string, unknown>) => {
  const parsed = eventRuleRequest.safeParse({ ...base, ...body });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('what an event rule must select', () => {
  it('puts every event under exactly one subject', () => {
    const listed = Object.values(eventSubjects).flat();
    expect([...listed].sort()).toEqual([...ruleEvents].sort());
    expect(eventSubjectOf('offline')).toBe('device');
    expect(eventSubjectOf('licenceExpiring')).toBe('controller');
    expect(eventSubjectOf('profileFailed')).toBe('profile');
  });

  it("refuses a device event with no device, a controller's without the controller, a profile's without a profile", () => {
    expect(issuesOf({ events: ['offline'] })).toEqual([`deviceIds: ${messages.notifyDeviceRequired}`]);
    expect(issuesOf({ events: ['jobFailed'], allDevices: true })).toEqual([
      `controller: ${messages.notifyControllerRequired}`,
    ]);
    expect(issuesOf({ events: ['profileFailed'], controller: true })).toEqual([
      `profileIds: ${messages.notifyProfileRequired}`,
    ]);
    expect(issuesOf({ events: ['offline', 'licenceExpiring', 'profileFailed'] })).toEqual([
      `deviceIds: ${messages.notifyDeviceRequired}`,
      `controller: ${messages.notifyControllerRequired}`,
      `profileIds: ${messages.notifyProfileRequired}`,
    ]);
  });

  it('takes each once its subject is selected, and asks nothing of subjects its events are not about', () => {
    expect(issuesOf({ events: ['offline'], groupIds: [3] })).toEqual([]);
    expect(issuesOf({ events: ['jobFailed', 'licenceExpiring'], controller: true })).toEqual([]);
    expect(issuesOf({ events: ['profileFailed'], profileIds: [4] })).toEqual([]);
    expect(
      issuesOf({
        events: ['cpuHigh', 'jobFailed', 'profileFailed'],
        allDevices: true,
        controller: true,
        profileIds: [1],
      }),
    ).toEqual([]);
    expect(eventRuleRequest.parse({ ...base, events: ['offline'], allDevices: true })).toMatchObject({
      controller: false,
      profileIds: [],
    });
  });

  it('refuses a profile id that is not a positive whole number', () => {
    expect(issuesOf({ events: ['profileFailed'], profileIds: [0] })).not.toEqual([]);
    expect(issuesOf({ events: ['profileFailed'], profileIds: ['x'] })).not.toEqual([]);
  });
});
