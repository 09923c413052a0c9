import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import { ServerErrorPage } from './error-pages.tsx';
import system from './index.ts';

afterEach(cleanup);

describe('the 500 page', () => {
  it('offers "Réessayer" as a bordered secondary button on the line of "Retour à l\'accueil"', async () => {
    await renderWithPortal(<ServerErrorPage />, { config: loadRealManifest(), plugins: [system] });
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    const back = screen.getByRole('link', { name: "Retour à l'accueil" });
    // A subtle button reads as bare text; the default variant has a border and stays secondary.
    expect(retry).toHaveAttribute('data-variant', 'default');
    expect(back).toHaveAttribute('data-variant', 'light');
    // The way back first, then the retry (the e2e ui-parts spec checks they share a line).
    expect(back.compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    retry.focus();
    expect(retry).toHaveFocus();
  });
});
