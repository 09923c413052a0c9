import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, statusOf, login, type Started, startGateway, withGateway } from './helpers.ts';

describe('fault injection (GATEWAY_FAULTS=on)', () => {
  let gateway: Started;
  let token: string;
  beforeAll(async () => {
    gateway = await startGateway({ faults: true });
    token = await login(gateway, 'claire.solo@demo.test');
  });
  afterEach(async () => {
    await call(gateway, 'DELETE', '/__admin/faults');
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  it('answers an injected status for count requests on matching paths and methods', async () => {
    const added = await call(gateway, 'POST', '/__admin/faults', {
      body: { pathPattern: '^/contact/me$', method: 'GET', status: 500, count: 2 },
    });
    expect(added.status).toBe(201);
    expect((await call(gateway, 'GET', '/contact/me', { token })).status).toBe(500);
    expect((await call(gateway, 'GET', '/health')).status).toBe(200);
    expect((await call(gateway, 'GET', '/contact/me', { token })).body).toMatchObject({
      error: 'injected_fault',
    });
    expect((await call(gateway, 'GET', '/contact/me', { token })).status).toBe(200);
  });

  it.each([429, 401, 404, 409])('injects %i', async (status) => {
    await call(gateway, 'POST', '/__admin/faults', {
      body: { pathPattern: 'currentuser', status, count: 1 },
    });
    expect(await statusOf(gateway, 'GET', '/authorization/api/authorization/currentuser', { token })).toBe(
      status,
    );
  });

  it('adds latency', async () => {
    await call(gateway, 'POST', '/__admin/faults', {
      body: { pathPattern: '^/health$', latencyMs: 300, count: 1 },
    });
    const started = Date.now();
    expect((await call(gateway, 'GET', '/health')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('drops the connection', async () => {
    await call(gateway, 'POST', '/__admin/faults', {
      body: { pathPattern: '^/contact/me$', drop: true, count: 1 },
    });
    await expect(call(gateway, 'GET', '/contact/me', { token })).rejects.toThrow();
    expect((await call(gateway, 'GET', '/contact/me', { token })).status).toBe(200);
  });

  it('stops after its time window', async () => {
    await call(gateway, 'POST', '/__admin/faults', {
      body: { pathPattern: '^/health$', status: 503, untilMs: Date.now() + 300 },
    });
    expect((await call(gateway, 'GET', '/health')).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await call(gateway, 'GET', '/health')).status).toBe(200);
  });

  it('refuses a bad rule and clears rules', async () => {
    expect(
      await statusOf(gateway, 'POST', '/__admin/faults', { body: { pathPattern: '(', status: 500 } }),
    ).toBe(422);
    expect((await call(gateway, 'POST', '/__admin/faults', { body: { pathPattern: 'x' } })).status).toBe(422);
    await call(gateway, 'POST', '/__admin/faults', { body: { pathPattern: '.*', status: 500 } });
    expect((await call(gateway, 'DELETE', '/__admin/faults')).status).toBe(204);
    expect((await call(gateway, 'GET', '/health')).status).toBe(200);
  });

  it('serves news set by the admin endpoint, hostile HTML included, and resets', async () => {
    const items = [
      {
        title: 'XSS',
        link: 'javascript:alert(1)',
        publishedAt: '2026-11-01T00:00:00Z',
        summaryHtml: '<img src=x onerror=alert(1)>',
      },
    ];
    expect((await call(gateway, 'PUT', '/__admin/news', { body: { items } })).status).toBe(204);
    expect((await call(gateway, 'GET', '/contact/api/news', { token })).body).toEqual({ items });
    await call(gateway, 'PUT', '/__admin/news', { body: { items: [] } });
    expect((await call(gateway, 'GET', '/contact/api/news', { token })).body).toEqual({ items: [] });
    expect((await call(gateway, 'POST', '/__admin/reset')).status).toBe(204);
    expect((await call(gateway, 'GET', '/contact/api/news', { token })).body).not.toEqual({ items: [] });
  });
});

describe('fault injection off', () => {
  it('answers 404 on /__admin', async () => {
    await withGateway({ faults: false }, async (gateway) => {
      expect(
        await statusOf(gateway, 'POST', '/__admin/faults', { body: { pathPattern: '.*', status: 500 } }),
      ).toBe(404);
      expect((await call(gateway, 'POST', '/__admin/reset')).status).toBe(404);
      expect((await call(gateway, 'GET', '/health')).status).toBe(200);
    });
  });
});
