import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeProvider } from '../plugin-host/runtime.tsx';
import { APPLICATION_PREFIX_KEY } from '../auth/application-prefix.ts';
import { collaboratorIdentitySettings } from '../auth/collaborator-settings.ts';
import { createLogger } from '../logging/logger.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { UnknownPath } from './unknown-path.tsx';

const config = loadRealManifest();

function Here() {
  const { pathname, search } = useLocation();
  return <p data-testid="here">{pathname + search}</p>;
}

function arriveAt(path: string) {
  render(
    <RuntimeProvider
      runtime={{ config, flags: {}, registry: createPluginRegistry([]), logger: createLogger() }}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/collaborateur" element={<Here />} />
          <Route path="/error/404" element={<Here />} />
          <Route path="*" element={<UnknownPath />} />
        </Routes>
      </MemoryRouter>
    </RuntimeProvider>,
  );
  return screen.findByTestId('here');
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(cleanup);

describe('UnknownPath', () => {
  it('arriving at /orion/collaborateur: the prefix is dropped and the collaborator redirect URI keeps it', async () => {
    expect((await arriveAt('/orion/collaborateur?code=a&state=b')).textContent).toBe(
      '/collaborateur?code=a&state=b',
    );
    expect(sessionStorage.getItem(APPLICATION_PREFIX_KEY)).toBe('/orion');
    // The collaborator login page now reads a path without the prefix.
    const settings = collaboratorIdentitySettings(
      config,
      {},
      { origin: 'https://portal.test', pathname: '/collaborateur' },
      sessionStorage,
    );
    expect(settings.redirectUri).toBe('https://portal.test/orion/collaborateur');
  });

  it('an unknown path without a known prefix shows 404 and remembers nothing', async () => {
    expect((await arriveAt('/orionx/collaborateur')).textContent).toBe('/error/404');
    expect(sessionStorage.getItem(APPLICATION_PREFIX_KEY)).toBeNull();
  });
});
