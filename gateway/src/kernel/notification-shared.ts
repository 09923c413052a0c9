// What the core routes (routes/user-handlers.ts: the settings, the user information's bell) and the
// notification centre (notifications/) both use, so that neither imports the other.
import type { NotificationSettings } from '../../../kernel/contract/api.ts';
import { NOTIFICATION_EVENT_TYPES } from '../../../kernel/contract/schemas.ts';

/** Every channel on: what a person gets before they save settings of their own. */
export function defaultNotificationSettings(): NotificationSettings {
  const channel = { email: true, inApp: true };
  const types = Object.fromEntries(NOTIFICATION_EVENT_TYPES.map((type) => [type, { ...channel }]));
  return { favouritesOnly: false, types: types as NotificationSettings['types'] };
}

/**
 * Settings as a person saved them (JSON), with every channel on for the types added since they saved
 * (a new module's events reach them until they turn them off); the defaults when they never saved.
 */
export function savedNotificationSettings(saved: string | undefined): NotificationSettings {
  const defaults = defaultNotificationSettings();
  if (saved === undefined) return defaults;
  const settings = JSON.parse(saved) as NotificationSettings;
  return { ...settings, types: { ...defaults.types, ...settings.types } };
}

export type NotificationSummary = { unreadCount: number; newestId: number | null };
