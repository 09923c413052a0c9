import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineContractRoutes } from './vite-contract-routes.ts';

type Transform = (code: string, id: string) => string | null;

function transformOf(plugin: Plugin): Transform {
  const { transform } = plugin;
  if (typeof transform !== 'function') throw new Error('the plugin has no transform');
  return (code, id) => transform.call({} as never, code, id) as string | null;
}

describe('inlineContractRoutes', () => {
  const transform = transformOf(inlineContractRoutes());

  it('writes each route a source uses as its method and address, where it is used', () => {
    const code = [
      "import { contractEndpoint, contractRoutes } from '@portal/plugin-api';",
      'const a = contractEndpoint(contractRoutes.bank);',
      'const b = contractPath(contractRoutes.contactMe, {});',
    ].join('\n');
    const out = transform(code, '/repo/plugins/bank/bank-api.ts') ?? '';
    expect(out).toContain('contractEndpoint(({"method":"GET","url":"{account}/accounts/:id/bank"}))');
    expect(out).toContain('contractPath(({"method":"GET","url":"contact/me"}), {})');
    expect(out).not.toMatch(/contractRoutes\./);
  });

  it('fails the build on a route the contract does not have, naming the file', () => {
    expect(() =>
      transform('contractEndpoint(contractRoutes.bankStatement)', '/repo/plugins/bank/x.ts'),
    ).toThrow('/repo/plugins/bank/x.ts: contractRoutes.bankStatement is no route of the contract');
  });

  it('leaves libraries and files that name no route alone', () => {
    expect(transform('contractRoutes.bank', '/repo/node_modules/x/index.ts')).toBeNull();
    expect(transform('const a = 1;', '/repo/src/a.ts')).toBeNull();
    expect(transform('contractRoutes.bank', '/repo/src/a.css')).toBeNull();
  });
});
