#!/usr/bin/env node
// `npx portal <command>` (package.json "bin"): the CLI is TypeScript run through tsx, a dev dependency
// present after `npm ci`, so the engine's own modules (validator, evaluator, diff) are used as they are.
import { register } from 'tsx/esm/api';

register();
const { main, processIo } = await import('./portal/cli.ts');
process.exitCode = await main(process.argv.slice(2), processIo());
