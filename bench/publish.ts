// `npm run bench:publish`: how long from a studio publication to the change being what a fresh page load
// gets, and what the run-time manifest adds to the first load (gz) against the built-in manifest's share
// of the bundle. Through the manifest endpoint a fresh load asks (no browser: the e2e studio spec prints
// the same delay measured in Chromium on Claire's next load). Gateway in-process on a temp data dir.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { studioRoutes } from '../kernel/contract/studio-routes.ts';
import { manifestEtag } from '../gateway/src/studio/manifest-etag.ts';
import { call, collaboratorToken, json, startGateway } from '../gateway/test/helpers.ts';
import type { PortalConfig } from '../kernel/schemas/portal-config.ts';
import { validateManifest } from '../kernel/manifest/validate.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 20);
const root = join(import.meta.dirname, '..');
const built = JSON.parse(readFileSync(join(root, 'portal.config.json'), 'utf8')) as PortalConfig;
const builtEtag = manifestEtag(JSON.stringify(built));
const gz = (text: string | Buffer) => gzipSync(text, { level: 6 }).length;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

function variant(round: number): PortalConfig {
  // Each round differs from the one before, so each publication is a new etag.
  return { ...built, constants: { ...built.constants, entitiesPageSize: 10 + (round % 5) } };
}

const gateway = await startGateway();
// The contract's paths: the same calls the studio and `portal publish` make.
const published = (known: string) => `${gateway.url}${studioRoutes.publishedManifest.path}?known=${known}`;
try {
  const olivia = await collaboratorToken(gateway, 'olivia.owner@demo.test');
  const visible: number[] = [];
  const accepted: number[] = [];
  const validation: number[] = [];
  let publishedAnswer = '';
  // Each publication is made from the one before it (a stale base answers 409).
  let baseVersion = 1;
  for (let round = 0; round < ROUNDS; round += 1) {
    const manifest = variant(round);
    const started = performance.now();
    const answer = await call(gateway, 'POST', studioRoutes.publishManifest.path, {
      token: olivia,
      body: { manifest, comment: `bench ${String(round)}`, baseVersion },
    });
    if (answer.status !== 201) throw new Error(`publish answered ${String(answer.status)}`);
    accepted.push(performance.now() - started);
    const { etag, id } = json<{ etag: string; id: number }>(answer);
    baseVersion = id;
    // A fresh load: no cached copy, the built-in etag as `known`.
    for (;;) {
      const response = await fetch(published(builtEtag));
      const text = await response.text();
      const body = JSON.parse(text) as { etag: string; manifest: unknown };
      if (body.etag === etag) {
        visible.push(performance.now() - started);
        publishedAnswer = text;
        // What the browser then does once per new version: the schema and the lint.
        const checking = performance.now();
        if (!validateManifest(body.manifest).ok) throw new Error('the published manifest does not validate');
        validation.push(performance.now() - checking);
        break;
      }
    }
  }
  const sameAsBuilt = await (
    await fetch(published(manifestEtag(JSON.stringify(variant(ROUNDS - 1)))))
  ).text();

  console.log(`publish → visible to a fresh load (manifest endpoint), ${String(ROUNDS)} rounds:`);
  console.log(
    `  publication accepted (validated, stored): median ${ms(percentile(accepted, 0.5))}, p95 ${ms(percentile(accepted, 0.95))}`,
  );
  console.log(
    `  visible on the next load's request:       median ${ms(percentile(visible, 0.5))}, p95 ${ms(percentile(visible, 0.95))}`,
  );
  console.log(
    `  + the browser's check of a new version:   median ${ms(percentile(validation, 0.5))} (Node, same validator and lint)`,
  );

  // Bytes of the first load, gzip.
  const builtInShare = gz(JSON.stringify(built));
  const runtimeSource = ts.transpileModule(
    readFileSync(join(root, 'src/manifest/runtime-manifest.ts'), 'utf8'),
    {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
    },
  ).outputText;
  const dist = [join(root, '.data/e2e-portal'), join(root, 'dist')].find((dir) =>
    existsSync(join(dir, 'assets')),
  );
  let validatorChunk: number | undefined;
  if (dist !== undefined) {
    for (const file of readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))) {
      const text = readFileSync(join(dist, 'assets', file));
      // The precompiled validator's chunk (ajv standalone), fetched only when a new version arrives.
      if (text.includes('must have required property') && text.includes('additionalProperties'))
        validatorChunk = Math.max(validatorChunk ?? 0, gz(text));
    }
  }
  const rows: [string, number][] = [
    ['built-in manifest in the bundle (JSON, gz)', builtInShare],
    ['answer when the portal already holds the published version', gz(sameAsBuilt)],
    ['answer carrying a new published version', gz(publishedAnswer)],
    ['run-time manifest code (transpiled, unminified, gz; upper bound)', gz(runtimeSource)],
    ...(validatorChunk === undefined
      ? []
      : ([['validator chunk, once per new version', validatorChunk]] as [string, number][])),
  ];
  console.log('\nfirst-load bytes (gz):');
  for (const [name, bytes] of rows)
    console.log(
      `  ${name.padEnd(68)} ${String(bytes).padStart(7)} B  ${((bytes / builtInShare) * 100).toFixed(1).padStart(6)} % of the built-in manifest`,
    );
  if (validatorChunk === undefined)
    console.log('  (no build found in .data/e2e-portal or dist: the validator chunk is not measured)');
} finally {
  await gateway.dispose();
}
