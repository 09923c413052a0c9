import type { ManifestProblem } from '@portal/plugin-api/studio';
import type { useT } from './translation.ts';

/** The schema's keywords the studio words in the reader's language (locales: studio `problems`). */
const WORDED = [
  'required',
  'additionalProperties',
  'type',
  'enum',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'pattern',
  'format',
  'propertyNames',
  'urlSafe',
  'urlPath',
  'urlIdentity',
] as const;

type Worded = (typeof WORDED)[number];

const isWorded = (keyword: string): keyword is Worded => (WORDED as readonly string[]).includes(keyword);

/**
 * A problem of the manifest as the person reads it: the schema's rule in their language, or the kernel's
 * English message for what the studio has no words for (the lint's problems).
 */
export function problemText(problem: ManifestProblem, t: ReturnType<typeof useT>['t']): string {
  const rule = problem.rule;
  if (rule === undefined || !isWorded(rule.keyword)) return problem.message;
  return t(`problems.${rule.keyword}`, rule.params);
}
