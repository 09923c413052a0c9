import type { ErrorObject } from 'ajv';
import { urlPatternKind, urlPatternMessage } from '../schemas/url.schema.ts';
import { joinPointer, valueAtPointer } from './json-pointer.ts';
import type { ManifestProblem } from './problems.ts';
import { explainConditionShape } from './condition-shape.ts';

/*
 * ajv reports every branch of a failed oneOf; for the condition language that is noise. Errors under a
 * failed condition are replaced by one message that names what is wrong with that condition.
 */
export function schemaErrorsToProblems(errors: readonly ErrorObject[], data: unknown): ManifestProblem[] {
  // The condition language is the schema's only oneOf.
  const conditionPointers = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath);
  // Keep the outermost failed condition only: an inner one is explained by the outer explanation.
  const roots = conditionPointers.filter(
    (p) => !conditionPointers.some((other) => other !== p && p.startsWith(other + '/')),
  );
  const problems: ManifestProblem[] = [];
  const seen = new Set<string>();
  for (const root of roots) {
    for (const p of explainConditionShape(valueAtPointer(data, root), root)) add(p);
  }
  for (const error of errors) {
    if (roots.some((root) => error.instancePath === root || error.instancePath.startsWith(root + '/')))
      continue;
    add(toProblem(error));
  }
  return problems;

  function add(problem: ManifestProblem): void {
    const key = problem.pointer + '\u0000' + problem.message;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  }
}

/** The problem in English, with what the schema asked (its keyword and values) for other languages. */
function toProblem(error: ErrorObject): ManifestProblem {
  const english = toEnglish(error);
  const params = error.params as Record<string, unknown>;
  const kind = error.keyword === 'pattern' ? urlPatternKind(String(params.pattern)) : undefined;
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' || typeof value === 'string' ? value : formatList(value),
    ]),
  );
  return { ...english, rule: { keyword: kind ?? error.keyword, params: values } };
}

function toEnglish(error: ErrorObject): ManifestProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        pointer: error.instancePath,
        message: `missing required key "${String(params.missingProperty)}"`,
      };
    case 'additionalProperties':
      return {
        pointer: joinPointer(error.instancePath, String(params.additionalProperty)),
        message: `unknown key "${String(params.additionalProperty)}"`,
      };
    case 'type':
      return { pointer: error.instancePath, message: `must be of type ${formatList(params.type)}` };
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `must be one of ${formatList(params.allowedValues)}`,
      };
    case 'minimum':
      return { pointer: error.instancePath, message: `must be ${String(params.limit)} or more` };
    case 'maximum':
      return { pointer: error.instancePath, message: `must be ${String(params.limit)} or less` };
    case 'minItems':
      return { pointer: error.instancePath, message: `must have at least ${String(params.limit)} item(s)` };
    case 'pattern':
      return {
        pointer: error.instancePath,
        message:
          urlPatternMessage(String(params.pattern)) ?? `must match the pattern ${String(params.pattern)}`,
      };
    case 'propertyNames':
      return {
        pointer: joinPointer(error.instancePath, String(params.propertyName)),
        message: `"${String(params.propertyName)}" is not a valid name here`,
      };
    default:
      return { pointer: error.instancePath, message: error.message ?? `fails ${error.keyword}` };
  }
}

function formatList(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => JSON.stringify(v)).join(', ');
  return String(value);
}
