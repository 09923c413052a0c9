import type { FactName } from '../schemas/facts.ts';
import type { Condition } from '../schemas/portal-config.ts';

export type PermissionScope = 'global' | 'entity' | 'either';

/** The facts a condition is evaluated on. Code computes them from the session; the manifest holds the rules. */
export type ConditionContext = {
  facts: Readonly<Record<FactName, boolean>>;
  flags: Readonly<Record<string, boolean>>;
  permissions: { global: ReadonlySet<string>; entity: ReadonlySet<string> };
  /** Offer codes the selected entity holds with the active status. */
  offers: ReadonlySet<string>;
  query?: Readonly<Record<string, string>>;
  /** Named conditions of the manifest, for `{ "ref": name }`. */
  conditions?: Readonly<Record<string, Condition>>;
};

export type ConditionTrace = {
  /** What was tested, in words: `fact user.isCollab`, `all`, `permission CLUSER001 (either)`. */
  label: string;
  result: boolean;
  children?: ConditionTrace[];
};

export type Evaluation = {
  result: boolean;
  trace: ConditionTrace;
  /** Path of labels from the root to the leaf that decided the result. */
  decidedBy: string[];
};

export class ConditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConditionError';
  }
}

/** Evaluates a condition and says why: the trace holds every node that was evaluated. */
export function evaluateCondition(condition: Condition | undefined, context: ConditionContext): Evaluation {
  const trace = evaluateNode(condition ?? true, context, []);
  return { result: trace.result, trace, decidedBy: decisivePath(trace) };
}

/**
 * Just the boolean, for hot paths (selectors re-run on every store update) that do not read the
 * explanation: no labels or traces are built. Always agrees with `evaluateCondition(...).result`.
 */
export function isConditionMet(condition: Condition | undefined, context: ConditionContext): boolean {
  return holds(condition ?? true, context, []);
}

function holds(condition: Condition, context: ConditionContext, refStack: readonly string[]): boolean {
  if (typeof condition === 'boolean') return condition;
  if ('all' in condition) return condition.all.every((child) => holds(child, context, refStack));
  if ('any' in condition) return condition.any.some((child) => holds(child, context, refStack));
  if ('not' in condition) return !holds(condition.not, context, refStack);
  if ('permission' in condition) {
    const scope: PermissionScope = condition.scope ?? 'either';
    return condition.permission.some((code) => holdsPermission(context, code, scope));
  }
  if ('flag' in condition) return context.flags[condition.flag] === true;
  if ('fact' in condition) return context.facts[condition.fact];
  if ('offer' in condition) return context.offers.has(condition.offer);
  if ('query' in condition) return context.query?.[condition.query] === condition.equals;
  return holds(namedCondition(condition.ref, context, refStack), context, [...refStack, condition.ref]);
}

function namedCondition(ref: string, context: ConditionContext, refStack: readonly string[]): Condition {
  const named = context.conditions?.[ref];
  if (named === undefined) throw new ConditionError(`unknown condition ref "${ref}"`);
  if (refStack.includes(ref))
    throw new ConditionError(`condition ref cycle: ${[...refStack, ref].join(' -> ')}`);
  return named;
}

function evaluateNode(
  condition: Condition,
  context: ConditionContext,
  refStack: readonly string[],
): ConditionTrace {
  if (typeof condition === 'boolean') return { label: String(condition), result: condition };
  if ('all' in condition) {
    const children: ConditionTrace[] = [];
    for (const child of condition.all) {
      const trace = evaluateNode(child, context, refStack);
      children.push(trace);
      if (!trace.result) return { label: 'all', result: false, children };
    }
    return { label: 'all', result: true, children };
  }
  if ('any' in condition) {
    const children: ConditionTrace[] = [];
    for (const child of condition.any) {
      const trace = evaluateNode(child, context, refStack);
      children.push(trace);
      if (trace.result) return { label: 'any', result: true, children };
    }
    return { label: 'any', result: false, children };
  }
  if ('not' in condition) {
    const child = evaluateNode(condition.not, context, refStack);
    return { label: 'not', result: !child.result, children: [child] };
  }
  if ('permission' in condition) {
    const scope: PermissionScope = condition.scope ?? 'either';
    const held = condition.permission.filter((code) => holdsPermission(context, code, scope));
    const label = `permission ${condition.permission.join('|')} (${scope})${held.length > 0 ? `: holds ${held.join(', ')}` : ''}`;
    return { label, result: held.length > 0 };
  }
  if ('flag' in condition) {
    return { label: `flag ${condition.flag}`, result: context.flags[condition.flag] === true };
  }
  if ('fact' in condition) {
    return { label: `fact ${condition.fact}`, result: context.facts[condition.fact] };
  }
  if ('offer' in condition) {
    return { label: `offer ${condition.offer}`, result: context.offers.has(condition.offer) };
  }
  if ('query' in condition) {
    const actual = context.query?.[condition.query];
    return { label: `query ${condition.query}=${condition.equals}`, result: actual === condition.equals };
  }
  const named = namedCondition(condition.ref, context, refStack);
  const child = evaluateNode(named, context, [...refStack, condition.ref]);
  return { label: `ref ${condition.ref}`, result: child.result, children: [child] };
}

function holdsPermission(context: ConditionContext, code: string, scope: PermissionScope): boolean {
  if (scope === 'global') return context.permissions.global.has(code);
  if (scope === 'entity') return context.permissions.entity.has(code);
  return context.permissions.global.has(code) || context.permissions.entity.has(code);
}

// all/any short-circuit, so the last evaluated child is the one that decided; not and ref have one child.
function decisivePath(trace: ConditionTrace): string[] {
  const last = trace.children?.at(-1);
  return last === undefined ? [trace.label] : [trace.label, ...decisivePath(last)];
}

/** The trace as indented lines, e.g. for the CLI's `explain` or the studio's "why is this hidden?". */
export function formatTrace(trace: ConditionTrace, indent = ''): string {
  const line = `${indent}${trace.result ? '✓' : '✗'} ${trace.label}`;
  const children = (trace.children ?? []).map((child) => formatTrace(child, indent + '  '));
  return [line, ...children].join('\n');
}
