// Test helper: a CliIo that records what a command prints.
import type { CliIo } from './io.ts';

export type Captured = CliIo & { lines: string[]; errors: string[]; text: () => string };

export function captureIo(cwd: string, env: Record<string, string | undefined> = {}): Captured {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    cwd,
    env,
    out: (text) => lines.push(text),
    err: (text) => errors.push(text),
    text: () => [...lines, ...errors].join('\n'),
  };
}
