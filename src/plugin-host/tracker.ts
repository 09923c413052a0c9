import { createContext } from 'react';

/**
 * Properties sent with an analytics event.
 *
 * @example
 * const properties: TrackProperties = { widget: 'news/rss', action: 'open-item' };
 */
export type TrackProperties = Readonly<Record<string, string | number | boolean>>;

/**
 * Where `useTrack` sends events; the analytics module provides one with `<TrackerContext value={…}>`.
 *
 * @example
 * const tracker: Tracker = { track: (event, properties) => analytics.track(event, properties) };
 */
export type Tracker = { track(event: string, properties: TrackProperties): void };

/**
 * The analytics sink of the running portal; null (the default) makes `useTrack` log at debug level.
 *
 * @example
 * <TrackerContext value={tracker}><App /></TrackerContext>
 */
export const TrackerContext = createContext<Tracker | null>(null);
