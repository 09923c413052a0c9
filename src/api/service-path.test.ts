import { describe, expect, it } from 'vitest';
import { resolveServicePath, service } from './service-path.ts';

const services = { account: 'account/api', reporting: 'reporting/api/' };

describe('service paths', () => {
  it('resolves a service() path with the manifest prefix and leaves other URLs alone', () => {
    expect(resolveServicePath(service('account', 'accounts/currentuser'), services)).toBe(
      'account/api/accounts/currentuser',
    );
    expect(resolveServicePath(service('reporting', '/reports'), services)).toBe('reporting/api/reports');
    expect(resolveServicePath('contact/me', services)).toBe('contact/me');
  });

  it('names an unknown service instead of calling a wrong path', () => {
    expect(() => resolveServicePath('{billing}/invoices', services)).toThrow(/billing/);
  });
});
