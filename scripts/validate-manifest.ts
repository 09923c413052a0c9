/**
 * `npm run validate [file]`: the same as `npx portal validate [file]` (scripts/portal/validate.ts).
 */
import { processIo } from './portal/cli.ts';
import { validateCommand } from './portal/validate.ts';

process.exitCode = await validateCommand(process.argv[2], processIo());
