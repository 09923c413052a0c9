// The screen tour covers the manifest (issue 30 item 9): every route of portal.config.json is either a stop
// of the tour (tests/e2e/screen-tour.ts) or listed in NOT_TOURED with its reason, so a screen added to the
// manifest cannot miss its screenshots and phone checks. Reads files only: no browser, no gateway.
import { test, expect } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { NOT_TOURED, TOUR } from './screen-tour';

type ManifestRoute = { name: string; children?: readonly ManifestRoute[] };

const routeNames = (routes: readonly ManifestRoute[]): string[] =>
  routes.flatMap((route) => [route.name, ...routeNames(route.children ?? [])]);

const manifestRoutes = routeNames(manifest.routes);

test('every route of the manifest is toured or listed with the reason it is not', () => {
  const toured = new Set(TOUR.map((stop) => stop.route));
  const forgotten = manifestRoutes.filter((name) => !toured.has(name) && !(name in NOT_TOURED));
  expect(forgotten, 'routes with no stop in TOUR and no reason in NOT_TOURED').toEqual([]);
});

test('the tour names only routes the manifest has, and leaves none out that it shows', () => {
  const known = new Set(manifestRoutes);
  expect(TOUR.filter((stop) => !known.has(stop.route)).map((stop) => stop.id)).toEqual([]);
  expect(Object.keys(NOT_TOURED).filter((name) => !known.has(name))).toEqual([]);
  const both = TOUR.filter((stop) => stop.route in NOT_TOURED).map((stop) => stop.route);
  expect(both, 'a toured route is not also listed as left out').toEqual([]);
});

test('the tour stops have unique, file-name-safe ids (their baselines are named after them)', () => {
  const ids = TOUR.map((stop) => stop.id);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  expect(ids.filter((id) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toEqual([]);
});
