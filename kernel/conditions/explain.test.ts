// The explanation a product owner reads ("why is this hidden?") and the fast path the screens use, for
// every kind of node: the same answer, and words that name what was tested.
import { describe, expect, it } from 'vitest';
import { factNames } from '../schemas/facts.ts';
import { ConditionError, evaluateCondition, formatTrace, isConditionMet } from './evaluate.ts';
import type { ConditionContext } from './evaluate.ts';
import type { Condition } from '../schemas/portal-config.ts';

function context(): ConditionContext {
  const facts = Object.fromEntries(factNames.map((f) => [f, false])) as ConditionContext['facts'];
  return {
    facts: { ...facts, 'user.isCollab': true },
    flags: { booking: true },
    permissions: { global: new Set(['CLUSER001']), entity: new Set(['CLBANK001']) },
    offers: new Set(['PENNYLANE']),
    query: { notificationType: 'Ged-GSDocumentUploaded' },
    conditions: {
      collab: { fact: 'user.isCollab' },
      customer: { not: { ref: 'collab' } },
      a: { ref: 'b' },
      b: { ref: 'a' },
    },
  };
}

const explain = (condition: Parameters<typeof evaluateCondition>[0]) =>
  formatTrace(evaluateCondition(condition, context()).trace);

describe('the explanation of a rule', () => {
  it('names each kind of node and its outcome', () => {
    expect(explain({ not: { offer: 'FORMS' } })).toBe(['✓ not', '  ✗ offer FORMS'].join('\n'));
    expect(explain({ ref: 'customer' })).toBe(
      ['✗ ref customer', '  ✗ not', '    ✓ ref collab', '      ✓ fact user.isCollab'].join('\n'),
    );
    expect(explain({ query: 'notificationType', equals: 'Ged-GSDocumentUploaded' })).toBe(
      '✓ query notificationType=Ged-GSDocumentUploaded',
    );
    expect(explain({ permission: ['COUSER001', 'CLBANK001'], scope: 'global' })).toBe(
      '✗ permission COUSER001|CLBANK001 (global)',
    );
    expect(explain({ permission: ['COUSER001', 'CLBANK001'] })).toBe(
      '✓ permission COUSER001|CLBANK001 (either): holds CLBANK001',
    );
    expect(explain({ any: [{ flag: 'booking' }, { fact: 'user.isCollab' }] })).toBe(
      ['✓ any', '  ✓ flag booking'].join('\n'),
    );
    expect(explain({ all: [] })).toBe('✓ all');
    expect(explain({ any: [] })).toBe('✗ any');
  });

  it('says which leaf decided, along the path from the root', () => {
    expect(evaluateCondition({ not: { ref: 'collab' } }, context()).decidedBy).toEqual([
      'not',
      'ref collab',
      'fact user.isCollab',
    ]);
    expect(evaluateCondition(true, context()).decidedBy).toEqual(['true']);
  });
});

describe('the fast path agrees with the explanation on every kind of node', () => {
  it.each<[Condition, boolean]>([
    [{ query: 'notificationType', equals: 'Ged-GSDocumentUploaded' }, true],
    [{ query: 'notificationType', equals: 'Ged-AccountingDocumentUploaded' }, false],
    [{ query: 'other', equals: 'x' }, false],
    [{ ref: 'customer' }, false],
    [{ not: { ref: 'customer' } }, true],
    [{ permission: ['CLUSER001'] }, true],
    [{ permission: ['CLUSER001'], scope: 'entity' }, false],
  ])('%j → %s', (condition, expected) => {
    expect(isConditionMet(condition, context())).toBe(expected);
    expect(evaluateCondition(condition, context()).result).toBe(expected);
  });

  it('a query rule without a query in the context does not hold', () => {
    const { query: _query, ...withoutQuery } = context();
    expect(isConditionMet({ query: 'notificationType', equals: 'x' }, withoutQuery)).toBe(false);
    expect(evaluateCondition({ query: 'notificationType', equals: 'x' }, withoutQuery).result).toBe(false);
  });
});

describe('a broken named rule', () => {
  it('names the unknown rule and the cycle, in both paths', () => {
    for (const run of [isConditionMet, evaluateCondition] as const) {
      expect(() => run({ ref: 'missing' }, context())).toThrow('unknown condition ref "missing"');
      expect(() => run({ ref: 'a' }, context())).toThrow('condition ref cycle: a -> b -> a');
    }
    const error = (() => {
      try {
        isConditionMet({ ref: 'missing' }, context());
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConditionError);
    expect((error as Error).name).toBe('ConditionError');
  });

  it('without named rules in the context, a ref is unknown', () => {
    const { conditions: _conditions, ...bare } = context();
    expect(() => isConditionMet({ ref: 'collab' }, bare)).toThrow(ConditionError);
  });
});
