// The steps of the session that talk to the collaborator's identity provider (loaded on first use only);
// the customer's single sign-on has its own (single-sign-on-steps.ts). The session service calls them.
import type { Logger } from '../logging/logger.ts';
import type { CollaboratorIdentity } from './collaborator-identity.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';

export type LoadIdentity = (
  settings: CollaboratorIdentitySettings,
  logger: Logger,
) => Promise<CollaboratorIdentity>;

// oidc-client-ts is imported on first use: customers never download it.
const importIdentity: LoadIdentity = async (settings, logger) => {
  const { createCollaboratorIdentity } = await import('./collaborator-identity.ts');
  return createCollaboratorIdentity({ settings, logger });
};

/** The collaborator identity, built once when first asked for; a failed build is tried again next time. */
export function lazyCollaboratorIdentity(
  settings: () => CollaboratorIdentitySettings,
  logger: Logger,
  load: LoadIdentity = importIdentity,
): () => Promise<CollaboratorIdentity> {
  let identity: Promise<CollaboratorIdentity> | null = null;
  return () => {
    identity ??= load(settings(), logger).catch((error: unknown) => {
      identity = null;
      throw error;
    });
    return identity;
  };
}

/** Whether `url` carries an identity provider's answer (`code` or `error`, with `state`). */
export function hasProviderAnswer(url: string, origin: string): boolean {
  let params: URLSearchParams;
  try {
    params = new URL(url, origin).searchParams;
  } catch {
    return false;
  }
  return params.has('state') && (params.has('code') || params.has('error'));
}
