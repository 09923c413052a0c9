import type { Persona } from '../api/types.ts';
import type { Logger } from '../logging/logger.ts';

type AnalyticsProperties = Readonly<Record<string, string | number | boolean>>;

/** Session replay settings: every text and every input is masked, whatever the manifest says. */
export type SessionReplayOptions = {
  enabled: boolean;
  maskAllText: true;
  maskAllInputs: true;
  serverZone: string;
};

type AnalyticsInitOptions = { serverZone: string; sessionReplay: SessionReplayOptions };

/**
 * Where events go. The default writes them to the logger at debug level; a vendor SDK is plugged in by
 * writing a sink around it (init with the key, identify, track, reset) and passing it to createAnalytics.
 */
export type AnalyticsSink = {
  init(apiKey: string, options: AnalyticsInitOptions): void;
  identify(userId: string, properties: AnalyticsProperties): void;
  track(event: string, properties: AnalyticsProperties): void;
  reset(): void;
};

type TrackingEvents = { featureConsulted: string; widgetInteracted: string };

type AnalyticsUser = { id: number | string; email: string; isCustomer: boolean };

export type Analytics = {
  readonly enabled: boolean;
  identify(user: AnalyticsUser): void;
  track(event: string, properties?: AnalyticsProperties): void;
  /** The manifest's 'Feature Consulted' event. */
  featureConsulted(feature: string, properties?: AnalyticsProperties): void;
  /** The manifest's 'Widget Interacted With' event. */
  widgetInteracted(widget: string, action: string, properties?: AnalyticsProperties): void;
  /** After sign-out: the next events are anonymous. */
  reset(): void;
};

export type AnalyticsOptions = {
  /** The manifest's analytics flag. */
  enabled: boolean;
  /** The vendor key (env VITE_ANALYTICS_KEY); required and not blank when enabled. */
  apiKey: unknown;
  trackingEvents: TrackingEvents;
  logger: Logger;
  sink?: AnalyticsSink;
  /** The analytics third-party script's options from the manifest (serverZone, sessionReplay, ...). */
  scriptOptions?: Readonly<Record<string, string | number | boolean>>;
};

export const ANALYTICS_KEY_ENV = 'VITE_ANALYTICS_KEY';

function loggerSink(logger: Logger): AnalyticsSink {
  return {
    init: (_apiKey, options) => logger.debug('analytics: init', options),
    identify: (userId, properties) => logger.debug('analytics: identify', { userId, ...properties }),
    track: (event, properties) => logger.debug(`analytics: ${event}`, properties),
    reset: () => logger.debug('analytics: reset'),
  };
}

export function sessionReplayOptions(
  scriptOptions: Readonly<Record<string, string | number | boolean>> = {},
): SessionReplayOptions {
  const zone = scriptOptions['serverZone'];
  return {
    enabled: scriptOptions['sessionReplay'] === true,
    // Never configurable: recordings must not carry what people read or type.
    maskAllText: true,
    maskAllInputs: true,
    serverZone: typeof zone === 'string' && zone !== '' ? zone : 'EU',
  };
}

function userType(isCustomer: boolean): Persona {
  return isCustomer ? 'Client' : 'Collaborateur';
}

const disabled: Analytics = {
  enabled: false,
  identify: () => undefined,
  track: () => undefined,
  featureConsulted: () => undefined,
  widgetInteracted: () => undefined,
  reset: () => undefined,
};

/** Analytics behind its flag; a missing or blank key is a configuration error, logged once, and analytics stays off. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { trackingEvents, logger } = options;
  if (!options.enabled) return disabled;
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';
  if (apiKey === '') {
    logger.error(
      `Analytics configuration error: ${ANALYTICS_KEY_ENV} is missing or blank while the analytics flag is on; analytics is off`,
    );
    return disabled;
  }
  const sink = options.sink ?? loggerSink(logger);
  const replay = sessionReplayOptions(options.scriptOptions);

  function safely(what: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      // A vendor failure never reaches the screen.
      logger.warn(`analytics: ${what} failed`, error);
    }
  }

  safely('init', () => sink.init(apiKey, { serverZone: replay.serverZone, sessionReplay: replay }));

  const track = (event: string, properties: AnalyticsProperties = {}) =>
    safely('track', () => sink.track(event, properties));

  return {
    enabled: true,
    identify(user) {
      const properties: Record<string, string> = { userType: userType(user.isCustomer) };
      // SPEC 5: an empty or blank e-mail is never set as a property.
      if (user.email.trim() !== '') properties['email'] = user.email.trim();
      safely('identify', () => sink.identify(String(user.id), properties));
    },
    track,
    featureConsulted: (feature, properties = {}) =>
      track(trackingEvents.featureConsulted, { feature, ...properties }),
    widgetInteracted: (widget, action, properties = {}) =>
      track(trackingEvents.widgetInteracted, { widget, action, ...properties }),
    reset: () => safely('reset', () => sink.reset()),
  };
}
