/*
 * `@portal/plugin-api/testing`: the test harness for plugins. It mounts a component inside the real
 * engine providers with a fake gateway (`renderWithPortal`), or sign-in pages around fake session
 * members (`renderAuthPages`), and reads the real manifest. For tests only.
 */
export { renderWithPortal, sessionFor } from './render-with-portal.tsx';
export type {
  FakeAnswer,
  FakeGateway,
  FakeRequest,
  PortalRender,
  RenderWithPortalOptions,
  TestPersona,
} from './render-with-portal.tsx';
export { renderAuthPages } from './render-auth-pages.tsx';
export type { RenderAuthPagesOptions, SessionFakes } from './render-auth-pages.tsx';
export { loadRealManifest } from './manifest.ts';
/** Every plugin of the portal, for a test that checks manifests against all of them (the studio's). */
export { plugins as portalPlugins } from '../app/plugins.ts';
