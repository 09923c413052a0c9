import { createHash, randomBytes } from 'node:crypto';
import { accountAddressKey, accountKey, addressKey, checkPassword } from '../kernel/sign-in.ts';
import { TooManyRequests } from '../auth/throttle.ts';
import { passwordProblem } from '../../../kernel/contract/password-rule.ts';
import { brandedParts, mailHtml, mailSender } from '../kernel/branding.ts';
import type { UserRow } from '../db/store.ts';
import { HttpError } from '../http/http-error.ts';
import { COLLABORATOR_CLIENT_ID, CUSTOMER_CLIENT_ID } from '../auth/oidc-ids.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, type Deps } from '../kernel/deps.ts';

const RESET_TTL_S = 3600;

function invalidCredentials(): HttpError {
  return new HttpError(401, 'invalid_credentials', 'E-mail or password is incorrect.');
}

function invalidResetToken(): HttpError {
  return new HttpError(400, 'invalid_token', 'The reset link is invalid, expired or already used.');
}

/** The link was good but its hour has passed: the page offers a new one (SPEC 2 expireToken). */
function expiredResetToken(): HttpError {
  return new HttpError(400, 'expired_token', 'The reset link has expired; ask for a new one.');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

type AuthRoutes =
  | 'login'
  | 'refreshToken'
  | 'logout'
  | 'logoutEverywhere'
  | 'resetPassword'
  | 'createNewPassword'
  | 'inbox'
  | 'tokenExchange'
  | 'userOrigin'
  | 'health';

export function authHandlers(deps: Deps): Pick<Handlers, AuthRoutes> {
  const { store, tokens } = deps;
  return {
    health: () => ({ ok: true }),

    userOrigin: ({ request }) => {
      const header = request.headers['x-user-origin'];
      const value = typeof header === 'string' ? header.trim().toUpperCase() : undefined;
      return value === 'COLLAB' || value === 'CLIENT' ? value : deps.userOrigin;
    },

    login: async ({ body, request }) => {
      const user = await checkPassword(deps, body.email, body.password, request.ip);
      // Collaborators sign in through the OIDC provider only.
      if (user?.is_customer !== 1) throw invalidCredentials();
      return { token: await tokens.startSession(user) };
    },

    refreshToken: async ({ session }) => {
      const token = await tokens.refresh(session, await currentUser(deps, session));
      // The sign-in reached its absolute lifetime (or ended meanwhile): sign in again.
      if (token === null) throw new HttpError(401, 'session_ended', 'The session has ended; sign in again.');
      return { token };
    },

    logout: async ({ session }) => {
      await tokens.endSession(session.sid);
      return undefined;
    },

    logoutEverywhere: async ({ session }) => {
      await tokens.endUserSessions((await currentUser(deps, session)).id);
      return undefined;
    },

    resetPassword: async ({ body, request }) => {
      await deps.throttle.take([[addressKey('reset', request.ip), deps.limits.resetPerAddress]]);
      const user = await store.users.byEmail(body.email.trim());
      // A collaborator's password belongs to the identity provider: no link, and the same 204 as anyone.
      if (user?.is_customer !== 1) return undefined;
      // At most one e-mail per address every few minutes: more requests answer the same and send nothing.
      try {
        await deps.throttle.take([[`reset-mail:${accountKey(user.email)}`, deps.limits.resetMailPerAccount]]);
      } catch (error) {
        // Only the limit answers 204: a failing database is not a silent "sent".
        if (error instanceof TooManyRequests) return undefined;
        throw error;
      }
      const token = randomBytes(32).toString('base64url');
      const link = `${deps.portalUrl}/resetPasswordForm?token=${token}`;
      const createdAt = new Date().toISOString();
      await store.inTransaction(async (trx) => {
        await trx.resetTokens.retireOfUser(user.id, createdAt);
        await trx.resetTokens.insert(sha256(token), user.id, Math.floor(Date.now() / 1000) + RESET_TTL_S);
        await trx.inbox.add(user.email, 'Réinitialisation de votre mot de passe', link, createdAt);
      });
      // Never the link: whoever reads the log could take over the account with it.
      deps.log.info({ userId: user.id }, 'password reset link sent');
      return undefined;
    },

    createNewPassword: async ({ body, request }) => {
      await deps.throttle.take([[addressKey('new-password', request.ip), deps.limits.newPasswordPerAddress]]);
      const nowS = Math.floor(Date.now() / 1000);
      // The token first: a guessed token costs no hashing.
      if (!(await store.resetTokens.isLive(sha256(body.token), nowS))) {
        throw (await store.resetTokens.isExpired(sha256(body.token), nowS))
          ? expiredResetToken()
          : invalidResetToken();
      }
      const problem = passwordProblem(body.password);
      if (problem !== null)
        throw new HttpError(422, 'weak_password', `The password breaks the rule: ${problem}.`, {
          details: { problem },
        });
      const hash = await deps.hasher.hash(body.password);
      const updated = await store.inTransaction(async (trx) => {
        const usedAt = new Date().toISOString();
        const userId = await trx.resetTokens.use(sha256(body.token), usedAt, nowS);
        if (userId === undefined) return undefined;
        await trx.resetTokens.retireOfUser(userId, usedAt);
        await trx.users.setPassword(userId, hash);
        return userId;
      });
      if (updated === undefined) throw invalidResetToken();
      const changed = await store.users.byId(updated);
      if (changed) {
        // The failures behind the reset no longer guess this password; an attacker's own address keeps
        // its count.
        await deps.throttle.clear(accountKey(changed.email));
        await deps.throttle.clear(accountAddressKey(changed.email, request.ip));
      }
      // Whoever knew the old password is signed out everywhere.
      await tokens.endUserSessions(updated);
      return undefined;
    },

    // The inbox keeps what was sent (address, subject, link); each message is shown in the firm's e-mail
    // template, with the published branding.
    inbox: async ({ query }) => {
      const branding = await deps.branding();
      const parts = brandedParts(branding, deps.portalUrl);
      return {
        messages: (await store.inbox.to(query.email)).map((row) => ({
          to: row.to_email,
          from: mailSender(branding),
          subject: row.subject,
          link: row.link,
          createdAt: row.created_at,
          html: mailHtml(row.subject, row.link, parts),
        })),
      };
    },

    tokenExchange: async ({ body }) => {
      const accessToken = await deps.findOidcAccessToken(body.accessToken);
      // The collaborators' client signs in a collaborator by user id; the customers' single sign-on client
      // a customer by the id of their single sign-on account (gigya_user_id).
      let user: UserRow | undefined;
      if (accessToken?.clientId === COLLABORATOR_CLIENT_ID) {
        user = await store.users.byId(Number(accessToken.accountId));
        if (user?.is_customer !== 0) user = undefined;
      } else if (accessToken?.clientId === CUSTOMER_CLIENT_ID) {
        user = await store.users.byGigyaId(accessToken.accountId);
        if (user?.is_customer !== 1) user = undefined;
      }
      if (user === undefined) {
        throw new HttpError(
          401,
          'unauthorized',
          'The access token is unknown, expired, or not one of the portal’s sign-in clients.',
        );
      }
      return { token: await tokens.startSession(user, accessToken?.grantId) };
    },
  };
}
