// Who may write the studio: the gateway's own studio-editor mark (studio_editors, managed by the
// create-user --studio, grant-studio and revoke-studio commands). Never the published manifest's
// `studio.editors` rule: an editor could publish a rule that lets every customer in, or a manifest without
// one that locks every editor out for good. The manifest may narrow who sees the studio in the portal
// (its routes' rules); it never widens nor removes this right.
import type { SessionClaims } from '../../../kernel/contract/api.ts';
import type { StudioStore } from './studio-store.ts';

export function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export async function mayWriteStudio(studio: StudioStore, session: SessionClaims): Promise<boolean> {
  return studio.isEditor(Number(session.sub));
}
