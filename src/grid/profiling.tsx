import { Profiler } from 'react';
import type { ProfilerOnRenderCallback, ReactNode } from 'react';

/*
 * Render counts for the grid benchmark (bench/grid.mjs). Only builds made with VITE_PROFILE=true wrap
 * anything in a Profiler: elsewhere `Profiled` returns its children and the counting code is dead.
 */

type RenderRecord = { count: number; totalMs: number };

declare global {
  var __portalRenders: Map<string, RenderRecord> | undefined;
}

function profilingOn(): boolean {
  return import.meta.env.VITE_PROFILE === 'true';
}

const record: ProfilerOnRenderCallback = (id, _phase, actualDuration) => {
  const renders = (globalThis.__portalRenders ??= new Map<string, RenderRecord>());
  const current = renders.get(id) ?? { count: 0, totalMs: 0 };
  renders.set(id, { count: current.count + 1, totalMs: current.totalMs + actualDuration });
};

/** Counts the commits of `children` under `id` in profiling builds; otherwise renders them as they are. */
export function Profiled({ id, children }: { id: string; children: ReactNode }) {
  if (!profilingOn()) return children;
  return (
    <Profiler id={id} onRender={record}>
      {children}
    </Profiler>
  );
}

/** The counts so far, by id (empty unless profiling is on). */
export function renderCounts(): Record<string, number> {
  return Object.fromEntries(
    [...(globalThis.__portalRenders ?? new Map<string, RenderRecord>())].map(([id, r]) => [id, r.count]),
  );
}

export function resetRenderCounts(): void {
  globalThis.__portalRenders?.clear();
}
