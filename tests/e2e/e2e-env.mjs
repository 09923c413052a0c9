// The end-to-end run's ports, folders and environment: tests/e2e/e2e-env.json, with its two ports
// overridable by E2E_GATEWAY_PORT and E2E_PORTAL_PORT so two checkouts can run their suites side by side.
import { readFileSync } from 'node:fs';

const raw = readFileSync(new URL('./e2e-env.json', import.meta.url), 'utf8');
const base = JSON.parse(raw);
const gatewayPort = process.env.E2E_GATEWAY_PORT ?? new URL(base.gateway.url).port;
const portalPort = process.env.E2E_PORTAL_PORT ?? String(base.portal.port);

/** @type {typeof base} */
export const e2e = JSON.parse(
  raw
    .replaceAll(`:${new URL(base.gateway.url).port}`, `:${gatewayPort}`)
    .replaceAll(`"${new URL(base.gateway.url).port}"`, `"${gatewayPort}"`)
    .replaceAll(`:${String(base.portal.port)}`, `:${portalPort}`)
    .replace(`"port": ${String(base.portal.port)}`, `"port": ${portalPort}`),
);
