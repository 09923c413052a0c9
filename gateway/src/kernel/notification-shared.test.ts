import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, savedNotificationSettings } from './notification-shared.ts';

describe('saved notification settings', () => {
  it('keeps what the person saved and turns on the types added since', () => {
    const saved = {
      favouritesOnly: true,
      types: { 'Delegation-AddDelegation': { email: false, inApp: false } },
    };
    const settings = savedNotificationSettings(JSON.stringify(saved));
    expect(settings.favouritesOnly).toBe(true);
    expect(settings.types['Delegation-AddDelegation']).toEqual({ email: false, inApp: false });
    expect(settings.types['Payroll-MonthSubmitted']).toEqual({ email: true, inApp: true });
  });

  it('gives every channel on to a person who never saved', () => {
    expect(savedNotificationSettings(undefined)).toEqual(defaultNotificationSettings());
  });
});
