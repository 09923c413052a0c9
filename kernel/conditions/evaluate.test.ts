import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { factNames } from '../schemas/facts.ts';
import type { Condition } from '../schemas/portal-config.ts';
import { ConditionError, evaluateCondition, formatTrace, isConditionMet } from './evaluate.ts';
import type { ConditionContext } from './evaluate.ts';

function context(overrides: Partial<ConditionContext> = {}): ConditionContext {
  const facts = Object.fromEntries(factNames.map((f) => [f, false])) as ConditionContext['facts'];
  return {
    facts: { ...facts, 'user.isCollab': true, 'entity.isSignatory': false },
    flags: { booking: true, clarityOffer: false },
    permissions: { global: new Set(['CLUSER001']), entity: new Set(['CLBANK001']) },
    offers: new Set(['PENNYLANE']),
    query: { notificationType: 'Ged-GSDocumentUploaded' },
    conditions: { collab: { fact: 'user.isCollab' }, loop: { ref: 'loop' } },
    ...overrides,
  };
}

describe('evaluateCondition', () => {
  it('evaluates each leaf kind', () => {
    const ctx = context();
    expect(evaluateCondition({ fact: 'user.isCollab' }, ctx).result).toBe(true);
    expect(evaluateCondition({ fact: 'entity.isSignatory' }, ctx).result).toBe(false);
    expect(evaluateCondition({ flag: 'booking' }, ctx).result).toBe(true);
    expect(evaluateCondition({ flag: 'clarityOffer' }, ctx).result).toBe(false);
    expect(evaluateCondition({ flag: 'notDeclared' }, ctx).result).toBe(false);
    expect(evaluateCondition({ offer: 'PENNYLANE' }, ctx).result).toBe(true);
    expect(evaluateCondition({ offer: 'FORMS' }, ctx).result).toBe(false);
    expect(
      evaluateCondition({ query: 'notificationType', equals: 'Ged-GSDocumentUploaded' }, ctx).result,
    ).toBe(true);
    expect(evaluateCondition({ query: 'notificationType', equals: 'other' }, ctx).result).toBe(false);
    expect(evaluateCondition({ ref: 'collab' }, ctx).result).toBe(true);
    expect(evaluateCondition(undefined, ctx).result).toBe(true);
  });

  it('passes a permission check when any code is held, in the asked scope', () => {
    const ctx = context();
    expect(evaluateCondition({ permission: ['COUSER001', 'CLUSER001'] }, ctx).result).toBe(true);
    expect(evaluateCondition({ permission: ['CLUSER001'], scope: 'global' }, ctx).result).toBe(true);
    expect(evaluateCondition({ permission: ['CLUSER001'], scope: 'entity' }, ctx).result).toBe(false);
    expect(evaluateCondition({ permission: ['CLBANK001'], scope: 'entity' }, ctx).result).toBe(true);
    expect(evaluateCondition({ permission: ['CLBANK001'], scope: 'global' }, ctx).result).toBe(false);
    expect(evaluateCondition({ permission: ['CLBANK001'], scope: 'either' }, ctx).result).toBe(true);
  });

  it('explains which leaf decided', () => {
    const rule: Condition = {
      all: [
        { permission: ['CLUSER001'] },
        { any: [{ fact: 'entity.isSignatory' }, { flag: 'clarityOffer' }] },
      ],
    };
    const evaluation = evaluateCondition(rule, context());
    expect(evaluation.result).toBe(false);
    expect(evaluation.decidedBy).toEqual(['all', 'any', 'flag clarityOffer']);
    expect(formatTrace(evaluation.trace)).toBe(
      [
        '✗ all',
        '  ✓ permission CLUSER001 (either): holds CLUSER001',
        '  ✗ any',
        '    ✗ fact entity.isSignatory',
        '    ✗ flag clarityOffer',
      ].join('\n'),
    );
  });

  it('fails loudly on an unknown or cyclic ref instead of guessing', () => {
    expect(() => evaluateCondition({ ref: 'missing' }, context())).toThrow(ConditionError);
    expect(() => evaluateCondition({ ref: 'loop' }, context())).toThrow(/cycle/);
  });
});

const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fc.boolean(),
  fc.constantFrom(...factNames).map((fact): Condition => ({ fact })),
  fc.constantFrom('booking', 'clarityOffer', 'other').map((flag): Condition => ({ flag })),
  fc
    .subarray(['CLUSER001', 'CLBANK001', 'COUSER001'], { minLength: 1 })
    .map((permission): Condition => ({ permission })),
  fc.constantFrom('PENNYLANE', 'FORMS').map((offer): Condition => ({ offer })),
);
const { condition } = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('condition'), { maxLength: 3 }).map((all): Condition => ({ all })),
    fc.array(tie('condition'), { minLength: 1, maxLength: 3 }).map((any): Condition => ({ any })),
    tie('condition').map((not): Condition => ({ not })),
  ),
}));
const contexts = fc
  .record({
    facts: fc.record(
      Object.fromEntries(factNames.map((f) => [f, fc.boolean()])) as Record<
        (typeof factNames)[number],
        fc.Arbitrary<boolean>
      >,
    ),
    booking: fc.boolean(),
    clarityOffer: fc.boolean(),
    global: fc.subarray(['CLUSER001', 'CLBANK001', 'COUSER001']),
    entity: fc.subarray(['CLUSER001', 'CLBANK001', 'COUSER001']),
    offers: fc.subarray(['PENNYLANE', 'FORMS']),
  })
  .map((c): ConditionContext => ({
    facts: c.facts,
    flags: { booking: c.booking, clarityOffer: c.clarityOffer },
    permissions: { global: new Set(c.global), entity: new Set(c.entity) },
    offers: new Set(c.offers),
  }));
const value = (c: Condition, ctx: ConditionContext): boolean => evaluateCondition(c, ctx).result;

describe('condition algebra (property tests)', () => {
  it('double negation changes nothing', () => {
    fc.assert(
      fc.property(condition, contexts, (c, ctx) => value({ not: { not: c } }, ctx) === value(c, ctx)),
    );
  });

  it('an empty all is true and an empty any is false', () => {
    fc.assert(fc.property(contexts, (ctx) => value({ all: [] }, ctx) && !value({ any: [] }, ctx)));
  });

  it("obeys De Morgan's laws", () => {
    fc.assert(
      fc.property(condition, condition, contexts, (a, b, ctx) => {
        const notAll = value({ not: { all: [a, b] } }, ctx) === value({ any: [{ not: a }, { not: b }] }, ctx);
        const notAny = value({ not: { any: [a, b] } }, ctx) === value({ all: [{ not: a }, { not: b }] }, ctx);
        return notAll && notAny;
      }),
    );
  });

  it('the boolean fast path always agrees with the explained evaluation', () => {
    fc.assert(
      fc.property(
        condition,
        contexts,
        (c, ctx) => isConditionMet(c, ctx) === evaluateCondition(c, ctx).result,
      ),
    );
    expect(() => isConditionMet({ ref: 'loop' }, context())).toThrow(/cycle/);
  });

  it('all and any agree with every and some over their children', () => {
    fc.assert(
      fc.property(fc.array(condition, { minLength: 1, maxLength: 4 }), contexts, (list, ctx) => {
        const results = list.map((c) => value(c, ctx));
        return (
          value({ all: list }, ctx) === results.every(Boolean) &&
          value({ any: list }, ctx) === results.some(Boolean)
        );
      }),
    );
  });
});
