import type { Readable } from 'node:stream';

/** What a gateway command reads and writes: the process's own, or a test's. */
export type CommandIo = {
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: { write: (text: string) => unknown };
  stderr: { write: (text: string) => unknown };
};

/** A refusal the person can fix (arguments, e-mail, password, data dir): exit code 2, no stack. */
export class CommandError extends Error {}
