import { describe, expect, it, vi } from 'vitest';
import { createVersionWatch, entryScriptOf } from './version-watch.ts';

const html = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head><body></body></html>`;

function server(entry: { value: string }, fail = false) {
  return vi.fn(async () => {
    if (fail) throw new TypeError('Failed to fetch');
    return new Response(html(entry.value), { status: 200, headers: { 'Content-Type': 'text/html' } });
  });
}

describe('new version watch', () => {
  it('reads the entry module script of an index.html', () => {
    expect(entryScriptOf(html('/assets/index-abc.js'))).toBe('/assets/index-abc.js');
    expect(entryScriptOf('<script src="/a.js" type="module"></script>')).toBe('/a.js');
    expect(entryScriptOf('<p>no script</p>')).toBeNull();
  });

  it('learns that a newer build is published, tells its listeners once, and stops asking', async () => {
    const entry = { value: '/assets/index-abc.js' };
    const fetchFn = server(entry);
    let clock = 0;
    const watch = createVersionWatch({
      currentEntry: '/assets/index-abc.js',
      indexUrl: '/',
      fetchFn,
      minIntervalMs: 1000,
      now: () => clock,
    });
    const listener = vi.fn();
    watch.subscribe(listener);
    expect(await watch.check()).toBe(false);
    entry.value = '/assets/index-def.js';
    // Asked again too soon: no request.
    expect(await watch.check()).toBe(false);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    // A chunk just failed to load: ask even within the interval.
    expect(await watch.check({ force: true })).toBe(true);
    expect(watch.getSnapshot()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    clock = 5000;
    await watch.check();
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('asks with revalidation (the ETag makes an unchanged page a 304) and once for parallel checks', async () => {
    const fetchFn = server({ value: '/assets/index-abc.js' });
    const watch = createVersionWatch({ currentEntry: '/assets/index-abc.js', indexUrl: '/portal/', fetchFn });
    await Promise.all([watch.check(), watch.check(), watch.check()]);
    expect(fetchFn).toHaveBeenCalledOnce();
    expect(fetchFn).toHaveBeenCalledWith('/portal/', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('learns nothing when the server cannot be reached, and never claims a newer build in development', async () => {
    const offline = createVersionWatch({
      currentEntry: '/assets/index-abc.js',
      indexUrl: '/',
      fetchFn: server({ value: 'x' }, true),
    });
    expect(await offline.check()).toBe(false);
    const fetchFn = server({ value: '/assets/index-def.js' });
    const dev = createVersionWatch({ currentEntry: null, indexUrl: '/', fetchFn });
    expect(await dev.check()).toBe(false);
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
