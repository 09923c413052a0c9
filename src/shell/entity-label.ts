import type { EntitySummary } from '../api/types.ts';

/** How the switcher names an entity: its name and account number. */
export function entityLabel(entity: EntitySummary): string {
  return `${entity.name} · ${entity.accountNumber}`;
}
