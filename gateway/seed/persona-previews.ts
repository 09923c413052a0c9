// The seeded personas as preview contexts, one per entity they belong to: what the studio previews as
// (GET studio personas) and what `portal explain --persona` explains. One reading of the seed for both.
import type { PreviewContext } from '../../kernel/conditions/preview-context.ts';
import personas from './personas.json' with { type: 'json' };

export type PersonaPreview = {
  email: string;
  name: string;
  isCustomer: boolean;
  entities: { accountId: number; name: string; context: PreviewContext }[];
};

/**
 * `expand` turns stored codes into codes (ALL_COLLABORATOR_CODES into the manifest's collaborator codes);
 * `activeStatus` is the manifest's `offers.activeStatus`.
 */
export function personaPreviews(
  expand: (codes: readonly string[]) => string[],
  activeStatus: string,
): PersonaPreview[] {
  return personas.users.map((user) => ({
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    isCustomer: user.isCustomer,
    entities: user.entities.flatMap((membership) => {
      const entity = personas.entities.find((candidate) => candidate.accountId === membership.accountId);
      if (entity === undefined) return [];
      return [
        {
          accountId: entity.accountId,
          name: entity.name,
          context: {
            isCustomer: user.isCustomer,
            isStudioEditor: 'studio' in user && user.studio,
            entityCount: user.entities.length,
            global: expand(user.globalPermissions),
            entity: expand(membership.permissions),
            // The gateway answers false for collaborators.
            isSignatory: 'isSignatory' in membership && membership.isSignatory,
            isClarityVisible: entity.isClarityVisible,
            reports: entity.biReports,
            offers: entity.subscriptions
              .filter((subscription) => subscription.status === activeStatus)
              .map((subscription) => subscription.offerCode),
          },
        },
      ];
    }),
  }));
}
