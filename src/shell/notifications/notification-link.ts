import type { PortalConfig } from '../../../kernel/schemas/portal-config.ts';
import type { Logger } from '../../logging/logger.ts';
import { ENTITY_PARAM } from '../../routing/redirects.ts';
import { pathTo } from '../../routing/route-paths.ts';

type LinkedNotification = { type: string; accountId: number; subjectId: number | null };

const PLACEHOLDER = /\{(type|subjectId|accountId)\}/g;

/**
 * The screen a notification opens, from the manifest's `notifications.links`: the route of its type in
 * the notification's entity, with the query filled from the notification (an empty value is left out).
 * Null when the manifest links nothing to that type.
 */
export function notificationLink(
  config: PortalConfig,
  logger: Pick<Logger, 'error'>,
  notification: LinkedNotification,
): string | null {
  const link = config.notifications.links?.[notification.type];
  if (link === undefined) return null;
  const values: Record<string, string> = {
    type: notification.type,
    subjectId: notification.subjectId === null ? '' : String(notification.subjectId),
    accountId: String(notification.accountId),
  };
  const query = new URLSearchParams();
  for (const [name, template] of Object.entries(link.query ?? {})) {
    const value = template.replace(PLACEHOLDER, (_match, key: string) => values[key] ?? '');
    if (value !== '') query.set(name, value);
  }
  const path = pathTo(config, logger, link.route, { [ENTITY_PARAM]: notification.accountId });
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}
