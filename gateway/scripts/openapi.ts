// Writes kernel/contract/openapi.json from the route table (kernel/contract/api.ts), formatted by prettier.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildOpenApi } from '../../kernel/contract/openapi-document.ts';

const target = join(dirname(fileURLToPath(import.meta.url)), '../../kernel/contract/openapi.json');
const config = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(JSON.stringify(buildOpenApi()), { ...config, filepath: target }));
console.log(`wrote ${target}`);
