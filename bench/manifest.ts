/**
 * `npm run bench:manifest`: how fast the precompiled (ajv standalone) manifest validator is against ajv
 * compiling the same schema at run time, in the same process, and what the validator costs the browser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { Ajv2020 } from 'ajv/dist/2020.js';
import precompiled from '../kernel/schemas/generated/validate-portal-config.js';
import { portalConfigSchema } from '../kernel/schemas/portal-config.schema.ts';

const root = join(import.meta.dirname, '..');
const manifest: unknown = JSON.parse(readFileSync(join(root, 'portal.config.json'), 'utf8'));
const rounds = 9;
const roundMs = 250;

function round(validate: (data: unknown) => boolean, ms: number): number {
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 50; i++) {
      if (!validate(manifest)) throw new Error('the real manifest must be valid');
    }
    runs += 50;
    elapsed = performance.now() - start;
  }
  return (runs / elapsed) * 1000;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Alternating rounds, median of each: fair to both when the machine is busy with other work. */
function rates(a: (data: unknown) => boolean, b: (data: unknown) => boolean): [number, number] {
  for (let i = 0; i < 300; i++) {
    a(manifest);
    b(manifest);
  }
  const ra: number[] = [];
  const rb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    ra.push(round(a, roundMs));
    rb.push(round(b, roundMs));
  }
  return [median(ra), median(rb)];
}

const compileStart = performance.now();
const runtimeAjv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, inlineRefs: false });
const compiled = runtimeAjv.compile(portalConfigSchema);
const compileMs = performance.now() - compileStart;

const [precompiledRate, runtimeRate] = rates(
  (data) => precompiled(data),
  (data) => compiled(data),
);
const validatorSource = readFileSync(join(root, 'kernel/schemas/generated/validate-portal-config.js'));
const gz = gzipSync(validatorSource, { level: 9 }).length;
// What shipping the compiler instead would cost: ajv 2020 bundled and minified for the browser.
const ajvBundle = await build({
  stdin: { contents: "export { Ajv2020 } from 'ajv/dist/2020.js';", resolveDir: root },
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  logLevel: 'silent',
});
const ajvBytes = ajvBundle.outputFiles[0]?.contents ?? new Uint8Array();
const ajvGz = gzipSync(ajvBytes, { level: 9 }).length;

const rows: [string, string][] = [
  ['precompiled validator', `${precompiledRate.toFixed(0)} validations/s`],
  ['ajv compiled at run time', `${runtimeRate.toFixed(0)} validations/s`],
  ['ratio precompiled / run-time', `${(precompiledRate / runtimeRate).toFixed(2)} ×`],
  ['run-time compile (one-off, precompiled skips it)', `${compileMs.toFixed(1)} ms`],
  [
    'validator module',
    `${(validatorSource.length / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`,
  ],
  [
    'ajv compiler bundled instead (not shipped)',
    `${(ajvBytes.length / 1024).toFixed(1)} KiB min, ${(ajvGz / 1024).toFixed(1)} KiB gzip`,
  ],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `Manifest validation benchmark (portal.config.json, same process, median of ${String(rounds)} alternating rounds)\n`,
);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
