import { describe, expect, it } from 'vitest';
import { diffManifests, itemsOf } from '@portal/plugin-api/studio';
import { loadRealManifest } from '@portal/plugin-api/testing';
import { addWidget, moveItem, setItemWhen, setWidgetSize } from './model.ts';

const config = loadRealManifest();
const sidebar = { kind: 'sidebar' } as const;
const ids = (next: typeof config) => itemsOf(next, sidebar).map((item) => item.key);

describe('studio edits', () => {
  it('moves Bank above BI reports by rewriting the orders, and says so in one change', () => {
    const before = ids(config);
    const from = before.indexOf('bank');
    const to = before.indexOf('bi-reports');
    const moved = moveItem(config, sidebar, from, to);
    const after = ids(moved);
    expect(after.indexOf('bank')).toBe(after.indexOf('bi-reports') - 1);
    expect(moved.sidebar.map((item) => item.order).sort((a, b) => a - b)).toEqual(
      moved.sidebar.map((_item, index) => index),
    );
    expect(diffManifests(config, moved)).toEqual([
      { kind: 'moved', list: 'sidebar', label: 'sidebar.bank', from: from + 1, to: to + 1 },
    ]);
  });

  it('hides, changes a rule, resizes and adds, each said in words', () => {
    const users = itemsOf(config, { kind: 'overviewTabs' }).findIndex((item) => item.key === 'users');
    let next = setItemWhen(config, { kind: 'overviewTabs' }, users, { permission: ['CLADMI001'] });
    next = setItemWhen(next, sidebar, ids(next).indexOf('bank'), false);
    next = setWidgetSize(next, 0, 0, 2);
    next = addWidget(next, 2, 'smart-offer/intro', 4);
    const kinds = diffManifests(config, next).map(
      (change) => `${change.kind} ${'label' in change ? change.label : ''}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'ruleChanged overview.users',
        'hidden sidebar.bank',
        'resized smart-offer/intro',
        'added smart-offer/intro',
      ]),
    );
    expect(diffManifests(config, config)).toEqual([]);
  });
});
