import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { checkPassword } from '../kernel/sign-in.ts';
import { TooManyRequests } from '../auth/throttle.ts';
import type { Deps } from '../kernel/deps.ts';
import { CUSTOMER_CLIENT_ID } from '../auth/oidc-ids.ts';
import { brandedParts } from '../kernel/branding.ts';
import type { BrandedParts } from '../kernel/branding.ts';
import { escapeHtml, NOT_FRAMABLE, page } from './html.ts';
import { INTERACTION_PATH } from './provider.ts';

/** Who signs in through this interaction: customers for the single sign-on client, else collaborators. */
type Audience = 'customer' | 'collaborator';

const TITLES: Record<Audience, string> = {
  customer: 'Connexion unique',
  collaborator: 'Connexion collaborateur',
};

function audienceOf(params: Record<string, unknown>): Audience {
  return params['client_id'] === CUSTOMER_CLIENT_ID ? 'customer' : 'collaborator';
}

function signInPage(
  uid: string,
  email: string,
  error: string | undefined,
  audience: Audience,
  brand: BrandedParts,
): string {
  const alert = error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : '';
  return page(
    TITLES[audience],
    `${alert}
<form method="post" action="${INTERACTION_PATH}/${escapeHtml(uid)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Mot de passe</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Se connecter</button>
</form>`,
    brand,
  );
}

function expiredPage(reply: FastifyReply, brand: BrandedParts): FastifyReply {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Session expirée', '<p>Recommencez la connexion depuis le portail.</p>', brand));
}

/** The provider's login interaction: a plain form for collaborators, checked against the database. */
export function registerInteractionRoutes(
  app: FastifyInstance,
  deps: Deps,
  getProvider: () => Provider,
): void {
  void app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 10 * 1024 });
    // Every answer of this scope is a sign-in page (the form, its errors, the expired session).
    scope.addHook('onSend', async (_request, reply) => {
      void reply.headers(NOT_FRAMABLE);
    });

    const brand = async () => brandedParts(await deps.branding(), deps.portalUrl);

    scope.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
      const provider = getProvider();
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return expiredPage(reply, await brand());
      }
      if (details.prompt.name === 'login' || !details.session?.accountId) {
        const hint = details.params['login_hint'];
        return reply
          .type('text/html; charset=utf-8')
          .send(
            signInPage(
              details.uid,
              typeof hint === 'string' ? hint : '',
              undefined,
              audienceOf(details.params),
              await brand(),
            ),
          );
      }
      // Any other prompt (consent): granted without asking, the grant is created by loadExistingGrant.
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        {},
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(redirectTo, 303);
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | null }>(
      `${INTERACTION_PATH}/:uid`,
      async (request, reply) => {
        const provider = getProvider();
        let audience: Audience;
        try {
          audience = audienceOf((await provider.interactionDetails(request.raw, reply.raw)).params);
        } catch {
          return expiredPage(reply, await brand());
        }
        const email = typeof request.body?.['email'] === 'string' ? request.body['email'].trim() : '';
        const password = typeof request.body?.['password'] === 'string' ? request.body['password'] : '';
        let user;
        try {
          user = await checkPassword(deps, email, password, request.ip);
        } catch (error) {
          if (!(error instanceof TooManyRequests)) throw error;
          const minutes = Math.ceil(error.retryAfterS / 60);
          return reply
            .code(429)
            .header('Retry-After', String(error.retryAfterS))
            .type('text/html; charset=utf-8')
            .send(
              signInPage(
                request.params.uid,
                email,
                `Trop de tentatives. Réessayez dans ${String(minutes)} minute${minutes > 1 ? 's' : ''}.`,
                audience,
                await brand(),
              ),
            );
        }
        // Each client signs in its own people: a customer's single sign-on account is their gigya id.
        const accountId =
          audience === 'customer'
            ? user?.is_customer === 1 && user.gigya_user_id !== ''
              ? user.gigya_user_id
              : null
            : user?.is_customer === 0
              ? String(user.id)
              : null;
        if (accountId === null) {
          return reply
            .code(401)
            .type('text/html; charset=utf-8')
            .send(
              signInPage(
                request.params.uid,
                email,
                'E-mail ou mot de passe incorrect.',
                audience,
                await brand(),
              ),
            );
        }
        const redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(redirectTo, 303);
      },
    );
  });
}
