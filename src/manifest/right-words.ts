// Its own module: the delegation history and the notification centre (both lazy) use it, nothing first.
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';

/** The words of the screen that names rights: its own namespace's, for what is not a permission code. */
export type RightWords = {
  /** Translates a permission's label key (the manifest's `permissions.<code>.label`, common namespace). */
  label: (key: string) => string;
  /** A collaborator role's name (partner, accountant, ...); undefined for anything else. */
  role: (role: string) => string | undefined;
  signatory: string;
  /** What ALL_COLLABORATOR_CODES (every code of the firm, as stored) reads. */
  allCollaboratorCodes: string;
  /** What a right the manifest no longer lists reads: never its code. */
  other: string;
};

/**
 * A stored right in words: a permission code by its manifest label, a collaborator's role, being a
 * signatory. A person never reads the code itself, even one the manifest dropped since.
 *
 * @example
 * rightInWords(config, 'CLBANK001', words) // 'Banque'
 */
function rightInWords(config: PortalConfig, right: string, words: RightWords): string {
  const permission = Object.hasOwn(config.permissions, right) ? config.permissions[right] : undefined;
  if (permission !== undefined) return words.label(permission.label);
  if (right === 'signatory') return words.signatory;
  if (right === 'ALL_COLLABORATOR_CODES') return words.allCollaboratorCodes;
  return words.role(right) ?? words.other;
}

/** Several rights in words, in the order given, as one list ("Banque, Indicateurs"). */
export function rightsInWords(config: PortalConfig, rights: readonly string[], words: RightWords): string {
  return rights.map((right) => rightInWords(config, right, words)).join(', ');
}
