import { factNames } from '../schemas/facts.ts';
import type { ManifestProblem } from './problems.ts';
import { joinPointer } from './json-pointer.ts';

const leafKeys = ['permission', 'flag', 'fact', 'offer', 'query', 'ref'] as const;
const knownFacts: ReadonlySet<string> = new Set(factNames);

/**
 * Says in plain words why a value is not a well-formed condition (schema errors of a oneOf are
 * unreadable). Returns no problem for a well-formed condition.
 */
export function explainConditionShape(value: unknown, pointer: string): ManifestProblem[] {
  if (typeof value === 'boolean') return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [
      { pointer, message: 'a condition must be true, false or an object such as {"fact": "user.isCollab"}' },
    ];
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if ('all' in record || 'any' in record) {
    const op = 'all' in record ? 'all' : 'any';
    const extra = keys.filter((k) => k !== op);
    if (extra.length > 0) return [{ pointer, message: `"${op}" cannot be combined with ${quote(extra)}` }];
    const list = record[op];
    if (!Array.isArray(list))
      return [{ pointer: joinPointer(pointer, op), message: `"${op}" must be a list of conditions` }];
    if (op === 'any' && list.length === 0) {
      return [
        {
          pointer: joinPointer(pointer, op),
          message: '"any" needs at least one condition (an empty "any" is never true)',
        },
      ];
    }
    return list.flatMap((item, index) => explainConditionShape(item, joinPointer(pointer, op, index)));
  }
  if ('not' in record) {
    if (keys.length > 1)
      return [
        { pointer, message: `"not" cannot be combined with ${quote(keys.filter((k) => k !== 'not'))}` },
      ];
    return explainConditionShape(record.not, joinPointer(pointer, 'not'));
  }
  const leaf = leafKeys.find((k) => k in record);
  if (leaf === undefined) {
    return [
      { pointer, message: `unknown condition ${quote(keys)}; use all, any, not, ${leafKeys.join(', ')}` },
    ];
  }
  const allowed: Record<(typeof leafKeys)[number], readonly string[]> = {
    permission: ['permission', 'scope'],
    flag: ['flag'],
    fact: ['fact'],
    offer: ['offer'],
    query: ['query', 'equals'],
    ref: ['ref'],
  };
  const extra = keys.filter((k) => !allowed[leaf].includes(k));
  if (extra.length > 0)
    return [{ pointer, message: `"${leaf}" condition has unknown key(s) ${quote(extra)}` }];
  const operand = record[leaf];
  switch (leaf) {
    case 'permission':
      if (!Array.isArray(operand) || operand.length === 0 || !operand.every((c) => typeof c === 'string')) {
        return [
          {
            pointer: joinPointer(pointer, 'permission'),
            message: '"permission" must be a non-empty list of permission codes',
          },
        ];
      }
      if ('scope' in record && !['global', 'entity', 'either'].includes(String(record.scope))) {
        return [
          {
            pointer: joinPointer(pointer, 'scope'),
            message: 'scope must be one of "global", "entity", "either"',
          },
        ];
      }
      return [];
    case 'fact':
      if (typeof operand !== 'string' || !knownFacts.has(operand)) {
        return [
          {
            pointer: joinPointer(pointer, 'fact'),
            message: `unknown fact ${JSON.stringify(operand)}; known facts: ${factNames.join(', ')}`,
          },
        ];
      }
      return [];
    case 'query':
      if (typeof record.equals !== 'string') {
        return [{ pointer, message: '"query" needs "equals" with a string value' }];
      }
      return typeof operand === 'string' && operand !== ''
        ? []
        : [{ pointer: joinPointer(pointer, 'query'), message: '"query" must name a query parameter' }];
    default:
      return typeof operand === 'string' && operand !== ''
        ? []
        : [{ pointer: joinPointer(pointer, leaf), message: `"${leaf}" must be a non-empty string` }];
  }
}

function quote(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
}
