/**
 * A silent token request was made with no account to renew (SPEC 5): nobody signed in through the
 * provider in this tab. Its own module so the session layer can recognise it without loading the
 * identity library.
 */
export class NoAccountError extends Error {
  override readonly name = 'NoAccountError';
  constructor() {
    super('A silent token request needs an account: sign in through the identity provider first');
  }
}
