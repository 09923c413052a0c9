import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import {
  analyticsCollectorUrl,
  envOverride,
  resolveServicePath,
  service,
  serviceUrl,
} from './service-path.ts';

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

  it('builds the absolute address of a call made outside the data layer, with the environment’s base', () => {
    const base = envOverride({ VITE_GATEWAY_URL: ' http://127.0.0.1:4110/ ' }, 'VITE_GATEWAY_URL', '/');
    expect(serviceUrl(base, '/studio/api/', 'manifest/published')).toBe(
      'http://127.0.0.1:4110/studio/api/manifest/published',
    );
    // A blank variable keeps the manifest's URL; a manifest without the service has no such call.
    expect(envOverride({ VITE_GATEWAY_URL: '  ' }, 'VITE_GATEWAY_URL', 'https://gw.example')).toBe(
      'https://gw.example',
    );
    expect(serviceUrl('https://gw.example', undefined, 'events')).toBeUndefined();
  });
});

describe('the analytics collector address', () => {
  const gateway = loadRealManifest().gateway;

  it("is the manifest's analytics service, on the gateway the environment names when it names one", () => {
    expect(analyticsCollectorUrl(gateway, {})).toBe(
      `${gateway.baseUrl.replace(/\/+$/, '')}/${String(gateway.services.analytics)}/events`,
    );
    const overridable = { ...gateway, baseUrlEnv: 'VITE_GATEWAY_URL' };
    expect(analyticsCollectorUrl(overridable, { VITE_GATEWAY_URL: 'https://gw.example.test/' })).toBe(
      `https://gw.example.test/${String(gateway.services.analytics)}/events`,
    );
  });

  it('is undefined when the manifest has no analytics service', () => {
    const { analytics: _analytics, ...services } = gateway.services;
    expect(analyticsCollectorUrl({ ...gateway, services }, {})).toBeUndefined();
  });
});
