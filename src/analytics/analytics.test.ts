import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConditionContext } from '../../kernel/conditions/context.ts';
import { createLogger } from '../logging/logger.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { createAnalytics, sessionReplayOptions } from './analytics.ts';
import type { AnalyticsSink } from './analytics.ts';
import { createConsentStore } from './consent.ts';
import { followConsent, loadThirdPartyScripts } from './third-party-scripts.ts';

const events = { featureConsulted: 'Feature Consulted', widgetInteracted: 'Widget Interacted With' };

function recordingSink() {
  return {
    init: vi.fn<AnalyticsSink['init']>(),
    identify: vi.fn<AnalyticsSink['identify']>(),
    track: vi.fn<AnalyticsSink['track']>(),
    reset: vi.fn<AnalyticsSink['reset']>(),
  };
}

/** Analytics with a key and the manifest's events, recording into a sink of its own. */
function recordingAnalytics(enabled = true) {
  const sink = recordingSink();
  const analytics = createAnalytics({
    enabled,
    apiKey: 'k',
    trackingEvents: events,
    logger: createLogger(),
    sink,
  });
  return { analytics, sink };
}

function logs() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger({ minLevel: 1, sink: (level, message) => lines.push(`${level}: ${message}`) }),
  };
}

afterEach(() => {
  document.head.querySelectorAll('script[data-third-party]').forEach((node) => node.remove());
  localStorage.clear();
});

describe('analytics', () => {
  it('sends nothing when its flag is off', () => {
    const { analytics, sink } = recordingAnalytics(false);
    analytics.featureConsulted('bank');
    expect(sink.track).not.toHaveBeenCalled();
  });

  it.each([[undefined], [''], ['   ']])(
    'a missing or blank key (%j) is a configuration error and analytics stays off',
    (apiKey) => {
      const sink = recordingSink();
      const { lines, logger } = logs();
      const analytics = createAnalytics({ enabled: true, apiKey, trackingEvents: events, logger, sink });
      analytics.track('Feature Consulted');
      expect(analytics.enabled).toBe(false);
      expect(sink.init).not.toHaveBeenCalled();
      expect(lines.filter((line) => line.includes('VITE_ANALYTICS_KEY'))).toHaveLength(1);
    },
  );

  it('the demo .env turns analytics on with a key: starting logs no configuration error', () => {
    const env = Object.fromEntries(
      readFileSync(join(import.meta.dirname, '../../.env'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(env['VITE_FF_ANALYTICS']).toBe('true');
    const { lines, logger } = logs();
    const analytics = createAnalytics({
      enabled: env['VITE_FF_ANALYTICS'] === 'true',
      apiKey: env['VITE_ANALYTICS_KEY'],
      trackingEvents: events,
      logger,
      sink: recordingSink(),
    });
    expect(analytics.enabled).toBe(true);
    expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('user type is Client or Collaborateur; a blank e-mail is never a property', () => {
    const { analytics, sink } = recordingAnalytics();
    analytics.identify({ id: 1, email: '  ', isCustomer: true });
    analytics.identify({ id: 2, email: 'paul@demo.test', isCustomer: false });
    expect(sink.identify.mock.calls).toEqual([
      ['1', { userType: 'Client' }],
      ['2', { userType: 'Collaborateur', email: 'paul@demo.test' }],
    ]);
  });

  it('sends the manifest events by their names', () => {
    const { analytics, sink } = recordingAnalytics();
    analytics.featureConsulted('bank');
    analytics.widgetInteracted('news/rss', 'open');
    expect(sink.track.mock.calls).toEqual([
      ['Feature Consulted', { feature: 'bank' }],
      ['Widget Interacted With', { widget: 'news/rss', action: 'open' }],
    ]);
  });

  it('session replay masks all text and inputs whatever the options say', () => {
    expect(
      sessionReplayOptions({ sessionReplay: true, maskAllText: false, maskAllInputs: false }),
    ).toMatchObject({
      enabled: true,
      maskAllText: true,
      maskAllInputs: true,
    });
  });
});

describe('third-party scripts', () => {
  const config = loadRealManifest();
  const context = (flags: Record<string, boolean>) =>
    buildConditionContext(config, { isAuthenticated: false, permissions: { global: [], entity: [] }, flags });

  it('loads nothing when the flag is off', async () => {
    const outcomes = await loadThirdPartyScripts({
      scripts: config.thirdPartyScripts,
      context: context({}),
      consent: createConsentStore(localStorage, createLogger()),
      logger: createLogger(),
    });
    expect(outcomes.every((outcome) => outcome.status === 'skipped')).toBe(true);
    expect(document.head.querySelectorAll('script[data-third-party]')).toHaveLength(0);
  });

  it('loads only consented categories, async; a script that fails to load changes nothing else', async () => {
    const consent = createConsentStore(localStorage, createLogger());
    consent.set({ chat: true, productTour: true });
    expect(consent.granted('necessary')).toBe(true);
    const { lines, logger } = logs();
    const pending = loadThirdPartyScripts({
      scripts: config.thirdPartyScripts,
      context: context({ thirdPartyScripts: true, analytics: true }),
      consent,
      logger,
    });
    const added = [...document.head.querySelectorAll<HTMLScriptElement>('script[data-third-party]')];
    expect(added.map((script) => script.dataset['thirdParty'])).toEqual(['product-tour', 'chat']);
    expect(added.every((script) => script.async)).toBe(true);
    // The chat script answers 404; the other loads.
    for (const script of added)
      script.dispatchEvent(new Event(script.dataset['thirdParty'] === 'chat' ? 'error' : 'load'));
    const outcomes = await pending;
    expect(outcomes.find((outcome) => outcome.name === 'chat')?.status).toBe('failed');
    expect(outcomes.find((outcome) => outcome.name === 'product-tour')?.status).toBe('loaded');
    expect(outcomes.find((outcome) => outcome.name === 'analytics')).toEqual({
      name: 'analytics',
      status: 'skipped',
      reason: 'consent',
    });
    expect(lines.some((line) => line.startsWith('warn: A third-party script failed'))).toBe(true);
  });

  it('removes a script from the page when its category is withdrawn, and adds it back when accepted', async () => {
    for (const script of document.head.querySelectorAll('script[data-third-party]')) script.remove();
    const consent = createConsentStore(localStorage, createLogger());
    const sync = () =>
      loadThirdPartyScripts({
        scripts: config.thirdPartyScripts,
        context: context({ thirdPartyScripts: true, analytics: true }),
        consent,
        logger: createLogger(),
      });
    const onPage = () =>
      [...document.head.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].map(
        (script) => script.dataset['thirdParty'],
      );
    consent.set({ analytics: true, chat: false, productTour: false, singleSignOn: false });
    void sync();
    expect(onPage()).toEqual(['analytics']);
    consent.set({ analytics: false });
    expect(await sync()).toContainEqual({ name: 'analytics', status: 'removed' });
    expect(onPage()).toEqual([]);
  });

  it('follows the consent: the scripts now, on each change of choice, and no more once stopped', () => {
    for (const script of document.head.querySelectorAll('script[data-third-party]')) script.remove();
    const consent = createConsentStore(localStorage, createLogger());
    consent.set({ analytics: false, chat: true, productTour: false, singleSignOn: false });
    const onPage = () =>
      [...document.head.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].map(
        (script) => script.dataset['thirdParty'],
      );
    const stop = followConsent({
      scripts: config.thirdPartyScripts,
      context: () => context({ thirdPartyScripts: true, analytics: true }),
      consent,
      logger: createLogger(),
    });
    expect(onPage()).toEqual(['chat']);
    consent.set({ analytics: true });
    expect(onPage()).toEqual(['chat', 'analytics']);
    stop();
    consent.set({ chat: false });
    expect(onPage()).toEqual(['chat', 'analytics']);
  });
});

describe('consent store', () => {
  it('grants nothing but the necessary before the person chooses, and tells listeners of each choice', () => {
    localStorage.removeItem('consent');
    const consent = createConsentStore(localStorage, createLogger());
    expect(consent.get()).toEqual({
      decided: false,
      choice: { analytics: false, chat: false, productTour: false, singleSignOn: false },
    });
    expect(consent.granted('necessary')).toBe(true);
    const seen: boolean[] = [];
    const stop = consent.subscribe((state) => seen.push(state.choice.analytics));
    consent.set({ analytics: true });
    stop();
    consent.set({ analytics: false });
    expect(seen).toEqual([true]);
    expect(consent.get().decided).toBe(true);
    expect(createConsentStore(localStorage, createLogger()).granted('chat')).toBe(false);
  });

  it('ignores a stored choice that is not JSON (the banner shows again)', () => {
    localStorage.setItem('consent', '{not json');
    expect(createConsentStore(localStorage, createLogger()).get().decided).toBe(false);
  });
});
