import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { useAction } from './hooks.ts';
import { renderWithPortal } from '../testing/render-with-portal.tsx';

afterEach(cleanup);

function AddUserButton({ action = 'users.add' }: { action?: string }) {
  return useAction(action) ? <button type="button">Ajouter</button> : <p>rien</p>;
}

const withRule = (rule: unknown) => {
  const config = loadRealManifest();
  return { ...config, actions: { ...config.actions, 'users.add': rule } } as typeof config;
};

describe('useAction', () => {
  it('shows an action when its manifest rule holds for the selected entity, and not otherwise', async () => {
    const config = withRule({ permission: ['CLUSER002'], scope: 'entity' });
    await renderWithPortal(<AddUserButton />, {
      config,
      persona: { isCustomer: true, entity: { permissions: ['CLUSER002'] } },
    });
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeVisible();
    cleanup();
    await renderWithPortal(<AddUserButton />, {
      config,
      persona: { isCustomer: true, entity: { permissions: [] } },
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('follows a changed rule with no code change (a product owner opens the action to collaborators)', async () => {
    const config = withRule({ fact: 'user.isCollab' });
    await renderWithPortal(<AddUserButton />, { config, persona: { isCustomer: false, entity: {} } });
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeVisible();
  });

  it('refuses an action the manifest does not name, and logs it', async () => {
    const view = await renderWithPortal(<AddUserButton action="users.teleport" />, {
      config: loadRealManifest(),
      persona: { isCustomer: false, entity: {} },
    });
    expect(screen.queryByRole('button')).toBeNull();
    expect(view.logs.some((log) => log.level === 'warn' && log.message.includes('Unknown action'))).toBe(
      true,
    );
  });
});
