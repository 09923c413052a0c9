import { createHash, randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { HttpError } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, type Deps } from './deps.ts';

const RESET_TTL_S = 3600;

function invalidCredentials(): HttpError {
  return new HttpError(401, 'invalid_credentials', 'E-mail or password is incorrect.');
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

    login: async ({ body }) => {
      const user = store.q.userByEmail.get(body.email.trim());
      const valid = await verifyPassword(body.password, user?.password_hash);
      // Collaborators sign in through the OIDC provider only.
      if (!user || !valid || user.is_customer !== 1) throw invalidCredentials();
      return { token: await tokens.startSession(user) };
    },

    refreshToken: async ({ session }) => {
      const token = await tokens.refresh(session, currentUser(deps, session));
      // The sign-in reached its absolute lifetime (or ended meanwhile): sign in again.
      if (token === null) throw new HttpError(401, 'session_ended', 'The session has ended; sign in again.');
      return { token };
    },

    logout: ({ session }) => {
      tokens.endSession(session.sid);
      return undefined;
    },

    logoutEverywhere: ({ session }) => {
      tokens.endUserSessions(currentUser(deps, session).id);
      return undefined;
    },

    resetPassword: ({ body }) => {
      const user = store.q.userByEmail.get(body.email.trim());
      // A collaborator's password belongs to the identity provider: no link, and the same 204 as anyone.
      if (user?.is_customer !== 1) return undefined;
      const token = randomBytes(32).toString('base64url');
      const link = `${deps.portalUrl}/resetPasswordForm?token=${token}`;
      const createdAt = new Date().toISOString();
      store.transaction(() => {
        store.q.retireResetTokens.run(createdAt, user.id);
        store.q.insertResetToken.run(sha256(token), user.id, Math.floor(Date.now() / 1000) + RESET_TTL_S);
        store.q.insertInbox.run(user.email, 'Réinitialisation de votre mot de passe', link, createdAt);
      });
      // Never the link: whoever reads the log could take over the account with it.
      deps.log.info({ userId: user.id }, 'password reset link sent');
      return undefined;
    },

    createNewPassword: async ({ body }) => {
      const hash = await hashPassword(body.password);
      const nowS = Math.floor(Date.now() / 1000);
      const updated = store.transaction(() => {
        const usedAt = new Date().toISOString();
        const row = store.q.useResetToken.get(usedAt, sha256(body.token), nowS);
        if (!row) return false;
        store.q.retireResetTokens.run(usedAt, row.user_id);
        store.q.setPassword.run(hash, row.user_id);
        return row.user_id;
      });
      if (updated === false)
        throw new HttpError(400, 'invalid_token', 'The reset link is invalid, expired or already used.');
      // Whoever knew the old password is signed out everywhere.
      tokens.endUserSessions(updated);
      return undefined;
    },

    inbox: ({ query }) => {
      return {
        messages: store.q.inbox.all(query.email).map((row) => ({
          to: row.to_email,
          subject: row.subject,
          link: row.link,
          createdAt: row.created_at,
        })),
      };
    },

    tokenExchange: async ({ body }) => {
      const accessToken = await deps.findOidcAccessToken(body.accessToken);
      const user = accessToken ? store.q.userById.get(Number(accessToken.accountId)) : undefined;
      if (user?.is_customer !== 0) {
        throw new HttpError(
          401,
          'unauthorized',
          'The access token is unknown, expired or not a collaborator’s.',
        );
      }
      return { token: await tokens.startSession(user, accessToken?.grantId) };
    },
  };
}
