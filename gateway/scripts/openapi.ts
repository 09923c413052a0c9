// Writes kernel/contract/openapi.json from the route table (kernel/contract/api.ts), formatted by prettier.
// With --check it writes nothing and fails when the file differs from what it would write (npm run check).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildOpenApi } from '../../kernel/contract/openapi-document.ts';

const target = join(dirname(fileURLToPath(import.meta.url)), '../../kernel/contract/openapi.json');
const config = (await resolveConfig(target)) ?? {};
const text = await format(JSON.stringify(buildOpenApi()), { ...config, filepath: target });
if (!process.argv.includes('--check')) {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
} else if (readFileSync(target, 'utf8') !== text) {
  console.error(`${target} is out of date: run npx tsx gateway/scripts/openapi.ts and commit it.`);
  process.exitCode = 1;
}
