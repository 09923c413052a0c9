// The two terms pages in one chunk, reached through this module: their shared parts (terms-parts.tsx)
// then travel with them, not in the chunk of what the sign-in pages share, which the login page loads.
export { default as TermsValidationPage } from './terms-validation-page.tsx';
export { default as TermsTextPage } from './terms-text-page.tsx';
