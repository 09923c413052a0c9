import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { allCodes, personaContext } from '../testing/personas.ts';
import { chooseWidgetSet, resolveLanding, visibleSidebarItems, visibleWalletTabs } from './navigation.ts';
import { validateManifest } from '../../kernel/manifest/validate.ts';

/*
 * A product owner's edits, made to a copy of the real manifest as JSON data: the same evaluation code
 * returns the new order and visibility. No code changes between the two halves of each test.
 */
function edited(edit: (m: PortalConfig) => void): PortalConfig {
  const copy = loadRealManifest();
  edit(copy);
  const result = validateManifest(copy);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.config;
}

const ids = (items: readonly { id: string }[]): string[] => items.map((i) => i.id);
const paul = (config: PortalConfig) =>
  personaContext(config, { isCustomer: false, entityCount: 4, global: allCodes(config, 'collaborator') });

describe('an altered manifest changes what people see without code', () => {
  it('swapping two wallet tab orders and changing one tab rule', () => {
    const real = loadRealManifest();
    expect(ids(visibleWalletTabs(real, paul(real))).slice(0, 3)).toEqual([
      'folders',
      'mandates',
      'bi-deposit',
    ]);

    const altered = edited((m) => {
      const tabs = m.walletTabs.collaborator;
      const mandates = tabs.find((t) => t.id === 'mandates');
      const folders = tabs.find((t) => t.id === 'folders');
      if (mandates === undefined || folders === undefined) throw new Error('fixture');
      [mandates.order, folders.order] = [folders.order, mandates.order];
      // The product owner hides the launcher tab from everybody.
      const launcher = tabs.find((t) => t.id === 'launcher');
      if (launcher !== undefined) launcher.when = false;
    });
    const tabs = ids(visibleWalletTabs(altered, paul(altered)));
    expect(tabs.slice(0, 3)).toEqual(['mandates', 'folders', 'bi-deposit']);
    expect(tabs).not.toContain('launcher');
  });

  it('reordering sidebar items and loosening the BI rule', () => {
    const sam = (config: PortalConfig) =>
      personaContext(config, {
        isCustomer: true,
        entityCount: 2,
        global: [],
        entity: {
          permissions: ['CLBANK001', 'CLKPI0001', 'CLRAPP001'],
          isSignatory: false,
          isClarityVisible: true,
          reports: 0,
        },
      });
    const real = loadRealManifest();
    expect(ids(visibleSidebarItems(real, sam(real)))).toEqual(['home', 'bank', 'indicators', 'overview']);

    const altered = edited((m) => {
      const bank = m.sidebar.find((i) => i.id === 'bank');
      const indicators = m.sidebar.find((i) => i.id === 'indicators');
      const bi = m.sidebar.find((i) => i.id === 'bi-reports');
      if (bank === undefined || indicators === undefined || bi === undefined) throw new Error('fixture');
      [bank.order, indicators.order] = [indicators.order, bank.order];
      bi.when = { any: [{ fact: 'entity.hasReports' }, { fact: 'entity.isClarityVisible' }] };
    });
    expect(ids(visibleSidebarItems(altered, sam(altered)))).toEqual([
      'home',
      'bi-reports',
      'indicators',
      'bank',
      'overview',
    ]);
  });

  it('a new landing rule and a reordered widget set', () => {
    const altered = edited((m) => {
      m.landing.unshift({ when: { permission: ['COMAND001'] }, to: 'mandates' });
      const fallback = m.homeWidgets.sets.find((s) => s.id === 'default');
      fallback?.widgets.reverse();
    });
    expect(resolveLanding(altered, paul(altered))?.to).toBe('mandates');
    const plain = personaContext(altered, { isCustomer: true, entityCount: 2, global: [] });
    expect(chooseWidgetSet(altered, plain)?.widgets.map((w) => w.widget)).toEqual([
      'sso/sso',
      'booking/booking',
      'lab/lab',
      'news/rss',
    ]);
  });
});
