import type { Logger } from '../logging/logger.ts';
import { hasProviderAnswer } from './identity-steps.ts';
import type { InteractionFlag } from './interaction-flag.ts';
import type { SignInOutcome } from './session-service-types.ts';

/**
 * Back from an identity provider's page (the collaborator's or the customers' single sign-on): only an
 * answer this tab asked for (its interaction flag says 'login') is finished; the flag is cleared whatever
 * happens. Without an answer (back from the provider's sign-out, or a stale flag) the reason is 'no-result'.
 */
export async function completeProviderAnswer(args: {
  url: string;
  origin: string;
  interactionFlag: InteractionFlag;
  logger: Logger;
  /** The way in, for the log: 'Collaborator sign-in', 'Single sign-on'. */
  way: string;
  finish: () => Promise<SignInOutcome>;
}): Promise<SignInOutcome> {
  const { interactionFlag, logger, way } = args;
  const flag = interactionFlag.get();
  if (!hasProviderAnswer(args.url, args.origin)) {
    if (flag !== null) interactionFlag.clear();
    return { ok: false, reason: 'no-result' };
  }
  if (flag !== 'login') {
    logger.warn(`${way}: ignoring an answer that no sign-in of this tab asked for`);
    return { ok: false, reason: 'not-expected' };
  }
  try {
    return await args.finish();
  } catch (error) {
    logger.error(`${way} failed`, error);
    return { ok: false, reason: 'unavailable' };
  } finally {
    interactionFlag.clear();
  }
}
