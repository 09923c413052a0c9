import { definePage, definePlugin } from '@portal/plugin-api';

/** The login group: client and collaborator sign-in, terms of use, password creation and reset. */
export default definePlugin({
  id: 'auth',
  pages: [
    definePage({ name: 'client-login', component: () => import('./client-login-page.tsx') }),
    definePage({ name: 'collaborator-login', component: () => import('./collaborator-login-page.tsx') }),
    definePage({ name: 'single-sign-on', component: () => import('./single-sign-on-page.tsx') }),
    definePage({ name: 'terms-validation', component: () => termsPage('TermsValidationPage') }),
    definePage({ name: 'terms-text', component: () => termsPage('TermsTextPage') }),
    definePage({ name: 'expire-token', component: () => import('./expire-token-page.tsx') }),
    definePage({ name: 'create-password', component: () => import('./create-password-page.tsx') }),
    definePage({ name: 'resend-email-success', component: () => import('./resend-email-success-page.tsx') }),
    definePage({ name: 'reset-password', component: () => import('./reset-password-page.tsx') }),
    definePage({
      name: 'reset-password-success',
      component: () => import('./reset-password-success-page.tsx'),
    }),
    definePage({
      name: 'reset-password-failed',
      component: () => import('./reset-password-failed-page.tsx'),
    }),
    definePage({ name: 'reset-password-form', component: () => import('./reset-password-form-page.tsx') }),
  ],
});

async function termsPage(name: 'TermsValidationPage' | 'TermsTextPage') {
  const pages = await import('./terms-pages.ts');
  return { default: pages[name] };
}
