import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.tsx';

afterEach(cleanup);

function Shell({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

function mount(Component: ComponentType<{ title: string }>) {
  render(
    <Suspense fallback={<p>loading</p>}>
      <Component title="Accueil" />
    </Suspense>,
  );
}

describe('a lazily loaded component that can be preloaded', () => {
  it('preloaded, renders at once without its fallback, from one import', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Shell }));
    const Preloaded = preloadableLazy(load);
    await Preloaded.preload();
    mount(Preloaded);
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded, shows the fallback until its code arrives', async () => {
    const Later = preloadableLazy(() => Promise.resolve({ default: Shell }));
    mount(Later);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
  });

  it('a failed preload is asked again by the next one', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Shell }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Shell });
    const Flaky = preloadableLazy(load);
    await expect(Flaky.preload()).rejects.toThrow('offline');
    await Flaky.preload();
    mount(Flaky);
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
  });
});
