import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { createAnalytics } from './analytics.ts';
import { createConsentStore } from './consent.ts';
import { createConsentGatedSink } from './consent-gated-sink.ts';

const logger = createLogger({ minLevel: 5, sink: () => undefined });
const trackingEvents = { featureConsulted: 'Feature Consulted', widgetInteracted: 'Widget Interacted With' };

function recordingSink() {
  return {
    init: vi.fn(),
    identify: vi.fn(),
    track: vi.fn(),
    reset: vi.fn(),
    discard: vi.fn(),
  };
}

function setUp() {
  const consent = createConsentStore(localStorage, logger);
  const loaded = recordingSink();
  const load = vi.fn(() => Promise.resolve(loaded));
  const analytics = createAnalytics({
    enabled: true,
    apiKey: 'demo-key',
    trackingEvents,
    logger,
    sink: createConsentGatedSink({ consent, load, logger }),
  });
  return { consent, loaded, load, analytics };
}

afterEach(() => {
  localStorage.clear();
});

describe('consent-gated analytics sink', () => {
  it('loads nothing and sends nothing before the analytics category is accepted', async () => {
    const { consent, loaded, load, analytics } = setUp();
    analytics.identify({ id: 7, email: 'claire.solo@demo.test', isCustomer: true });
    analytics.featureConsulted('bank');
    consent.set({ chat: true, productTour: true, singleSignOn: true, analytics: false });
    analytics.widgetInteracted('news/rss', 'open-news');
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(loaded.track).not.toHaveBeenCalled();
  });

  it('once accepted, loads the sink, names the person signed in earlier, and sends later events only', async () => {
    const { consent, loaded, load, analytics } = setUp();
    analytics.identify({ id: 7, email: ' ', isCustomer: false });
    analytics.featureConsulted('before-consent');
    consent.set({ analytics: true });
    analytics.featureConsulted('bank');
    await vi.waitFor(() => expect(loaded.track).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(loaded.init).toHaveBeenCalledWith('demo-key', expect.objectContaining({ serverZone: 'EU' }));
    // SPEC 5: Collaborateur for a non-customer, and a blank e-mail is not set.
    expect(loaded.identify).toHaveBeenCalledWith('7', { userType: 'Collaborateur' });
    expect(loaded.track).toHaveBeenCalledWith('Feature Consulted', { feature: 'bank' });
    analytics.widgetInteracted('news/rss', 'open-news');
    expect(loaded.track).toHaveBeenLastCalledWith('Widget Interacted With', {
      widget: 'news/rss',
      action: 'open-news',
    });
  });

  it('a returning visitor who accepted loads the sink at start', async () => {
    localStorage.setItem('consent', JSON.stringify({ analytics: true }));
    const { load, analytics, loaded } = setUp();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    analytics.featureConsulted('bank');
    expect(loaded.track).toHaveBeenCalledTimes(1);
  });

  it('withdrawing drops what waits and sends nothing more', async () => {
    const { consent, loaded, analytics } = setUp();
    consent.set({ analytics: true });
    analytics.featureConsulted('bank');
    await vi.waitFor(() => expect(loaded.track).toHaveBeenCalledTimes(1));
    consent.set({ analytics: false });
    expect(loaded.discard).toHaveBeenCalledTimes(1);
    analytics.featureConsulted('indicators');
    expect(loaded.track).toHaveBeenCalledTimes(1);
  });

  it('a sink that fails to load is tried again with the next event', async () => {
    const consent = createConsentStore(localStorage, logger);
    consent.set({ analytics: true });
    const loaded = recordingSink();
    const load = vi
      .fn<() => Promise<typeof loaded>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(loaded);
    const sink = createConsentGatedSink({ consent, load, logger });
    sink.track('Feature Consulted', { feature: 'bank' });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    sink.track('Feature Consulted', { feature: 'indicators' });
    await vi.waitFor(() => expect(loaded.track).toHaveBeenCalled());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
