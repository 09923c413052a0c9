/** Where a command writes and runs: the process in the CLI, captured lines in the tests. */
export type CliIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The directory relative paths are read from (the repository root for most commands). */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
};

/** A command's result: the process exit code. */
export type ExitCode = 0 | 1 | 2;
