import { parse } from 'json-source-map';
import type { Pointers } from 'json-source-map';
import validateSchema from '../schemas/generated/validate-portal-config.js';
import type { PortalConfig } from '../schemas/portal-config.ts';
import { lintManifest } from './lint.ts';
import type { KnownPlugins } from './lint.ts';
import type { ManifestProblem } from './problems.ts';
import { schemaErrorsToProblems } from './schema-errors.ts';

export type ManifestValidation =
  { ok: true; config: PortalConfig; problems: [] } | { ok: false; problems: ManifestProblem[] };

/** Schema check then semantic lint on parsed data. Problems carry pointers but no positions. */
export function validateManifest(data: unknown, knownPlugins?: KnownPlugins): ManifestValidation {
  if (!validateSchema(data)) {
    return { ok: false, problems: schemaErrorsToProblems(validateSchema.errors ?? [], data) };
  }
  // The schema check above is what makes this narrowing sound.
  const config = data as PortalConfig;
  const problems = lintManifest(config, knownPlugins);
  return problems.length === 0 ? { ok: true, config, problems: [] } : { ok: false, problems };
}

/** Parses manifest text and validates it; every problem gets the line and column of its place. */
export function validateManifestSource(source: string, knownPlugins?: KnownPlugins): ManifestValidation {
  let parsed: { data: unknown; pointers: Pointers };
  try {
    parsed = parse(source);
  } catch (error) {
    return { ok: false, problems: [syntaxProblem(source, error)] };
  }
  const result = validateManifest(parsed.data, knownPlugins);
  if (result.ok) return result;
  return { ok: false, problems: result.problems.map((p) => withPosition(p, parsed.pointers)) };
}

function withPosition(problem: ManifestProblem, pointers: Pointers): ManifestProblem {
  // An unknown key points at the key itself; otherwise at the value, or the nearest existing parent.
  let pointer = problem.pointer;
  for (;;) {
    const mapping = pointers[pointer];
    if (mapping !== undefined) {
      const place =
        problem.message.startsWith('unknown key') && mapping.key !== undefined ? mapping.key : mapping.value;
      return { ...problem, line: place.line + 1, column: place.column + 1 };
    }
    if (pointer === '') return problem;
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
}

function syntaxProblem(source: string, error: unknown): ManifestProblem {
  const message = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(message);
  if (source.trim() === '')
    return { pointer: '', message: 'not JSON: the file is empty', line: 1, column: 1 };
  if (match?.[1] === undefined) return { pointer: '', message: `not JSON: ${message}`, line: 1, column: 1 };
  const position = Number(match[1]);
  const before = source.slice(0, position).split('\n');
  const line = before.length;
  const column = (before.at(-1)?.length ?? 0) + 1;
  return {
    pointer: '',
    message: `not JSON: ${message.replace(/ in JSON at position \d+/, '')}`,
    line,
    column,
  };
}
