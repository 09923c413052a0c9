// The demo inbox: the e-mails the gateway sends in demo mode (invitations, password resets), read at the
// gateway itself, as a person running `npm start` reads their mail.
import type { APIRequestContext } from '@playwright/test';
import { GATEWAY_URL } from './fixtures';

/** The links of the e-mails sent to `email`, oldest first. */
async function inboxLinks(request: APIRequestContext, email: string): Promise<URL[]> {
  const answer = await request.get(
    `${GATEWAY_URL}/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`,
  );
  const { messages } = (await answer.json()) as { messages: { link: string }[] };
  return messages.map((message) => new URL(message.link));
}

/** The last link to `pathname` (`/createPassword`, `/resetPasswordForm`; any without it), or null. */
export async function inboxLink(
  request: APIRequestContext,
  email: string,
  pathname?: string,
): Promise<URL | null> {
  const links = await inboxLinks(request, email);
  return links.findLast((link) => pathname === undefined || link.pathname === pathname) ?? null;
}

/** As inboxLink, for a link the test goes on with: fails when the person has none. */
export async function linkIn(request: APIRequestContext, email: string, pathname?: string): Promise<URL> {
  const link = await inboxLink(request, email, pathname);
  if (link === null) throw new Error(`no ${pathname ?? ''} e-mail for ${email}`);
  return link;
}

/** Where a link leads on the portal: its path and query, for `page.goto` on the test's own origin. */
export const addressOf = (link: URL): string => `${link.pathname}${link.search}`;
