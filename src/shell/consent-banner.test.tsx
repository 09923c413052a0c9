import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_CATEGORIES, createConsentStore } from '../analytics/consent.ts';
import { createLogger } from '../logging/logger.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import ConsentBanner from './consent-banner.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  localStorage.removeItem('consent');
});

async function show() {
  const store = createConsentStore(localStorage, createLogger());
  const onDone = vi.fn();
  const view = await renderWithPortal(
    <ConsentBanner
      controls={{ store, categories: CONSENT_CATEGORIES, open: () => undefined }}
      onDone={onDone}
    />,
    { config: loadRealManifest(), persona: { isCustomer: true } },
  );
  return { store, onDone, view };
}

describe('consent banner', () => {
  it('refuse all records a choice with nothing accepted, and closes', async () => {
    const { store, onDone, view } = await show();
    expect(await screen.findByRole('region', { name: 'Vos choix de confidentialité' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Tout refuser' }));
    expect(store.get()).toEqual({
      decided: true,
      choice: { analytics: false, chat: false, productTour: false, singleSignOn: false },
    });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('per category: only what the person switched on is accepted', async () => {
    const { store, view } = await show();
    await view.user.click(await screen.findByRole('button', { name: 'Personnaliser' }));
    await view.user.click(await screen.findByRole('switch', { name: /Mesure d'audience/ }));
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(store.get().choice).toEqual({
      analytics: true,
      chat: false,
      productTour: false,
      singleSignOn: false,
    });
  });

  it('accept all accepts every category it asks about', async () => {
    const { store, view } = await show();
    await view.user.click(await screen.findByRole('button', { name: 'Tout accepter' }));
    expect(Object.values(store.get().choice).every(Boolean)).toBe(true);
  });
});
