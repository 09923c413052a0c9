/** One thing wrong with a manifest, at a JSON pointer; line and column are 1-based when known. */
export type ManifestProblem = {
  pointer: string;
  /** In English, for the command line, the build and the logs. */
  message: string;
  /**
   * What the schema asked, for a message in the reader's language (the studio words it from its
   * locales; `message` when it has no words for the keyword). Absent for the lint's problems.
   */
  rule?: { keyword: string; params: Readonly<Record<string, string | number>> };
  line?: number;
  column?: number;
};

export class ManifestError extends Error {
  readonly problems: readonly ManifestProblem[];
  constructor(file: string, problems: readonly ManifestProblem[]) {
    super(`Invalid manifest ${file}:\n${formatProblems(file, problems)}`);
    this.name = 'ManifestError';
    this.problems = problems;
  }
}

/** `file:line:col  /json/pointer  message`, one problem a line: the format of the CLI, build and dev overlay. */
export function formatProblem(file: string, problem: ManifestProblem): string {
  const place =
    problem.line === undefined ? file : `${file}:${String(problem.line)}:${String(problem.column ?? 1)}`;
  return `${place}  ${problem.pointer === '' ? '/' : problem.pointer}  ${problem.message}`;
}

export function formatProblems(file: string, problems: readonly ManifestProblem[]): string {
  return problems.map((p) => formatProblem(file, p)).join('\n');
}
