// `npx portal <command>`: the engine's tools for product owners and plugin authors, one entry. Each
// command lives in its own module and takes a CliIo, so the tests run them in-process.
import { parseArgs } from 'node:util';
import { diffCommand } from './diff.ts';
import { docsCommand } from './docs.ts';
import { explainCommand } from './explain.ts';
import type { CliIo, ExitCode } from './io.ts';
import { newPluginCommand } from './new-plugin.ts';
import { publishCommand, rollbackCommand } from './publish.ts';
import { validateCommand } from './validate.ts';

const USAGE = `Usage: npx portal <command>

  validate [file]                           schema and lint of a manifest (default portal.config.json)
  explain --persona <email> [--entity <id>] what a seeded persona sees, and why each hidden item is hidden
          [--flag <name>]... [--manifest <file>] [--lang <fr-FR|en>]
  docs [--check]                            write docs/permissions.md (--check: fail when it is stale)
  diff <a> <b> [--lang <fr-FR|en>]          what changed from manifest a to b, in the studio's words
  new-plugin <id> [--widget <name>] [--page <name>]
                                            a plugin folder, its translations, a test, manifest entries
  publish <file> [--comment <text>]         publish a manifest version through the gateway's studio
  rollback <version>                        publish an earlier version again
      --gateway <url> (or PORTAL_GATEWAY_URL) and --token <bearer> (or PORTAL_TOKEN) for publish/rollback;
      --base <version>: the version your change was made from (default: the one published now); when
      another was published since, the gateway refuses (409) rather than undo it`;

/** The real process: stdout, stderr, the working directory and the environment. */
export function processIo(): CliIo {
  return {
    out: (text) => {
      process.stdout.write(`${text}\n`);
    },
    err: (text) => {
      process.stderr.write(`${text}\n`);
    },
    cwd: process.cwd(),
    env: process.env,
  };
}

function usage(io: CliIo, problem?: string): ExitCode {
  if (problem !== undefined) io.err(problem);
  io.err(USAGE);
  return 2;
}

const options = {
  persona: { type: 'string' },
  entity: { type: 'string' },
  flag: { type: 'string', multiple: true },
  manifest: { type: 'string' },
  lang: { type: 'string' },
  check: { type: 'boolean' },
  widget: { type: 'string' },
  page: { type: 'string' },
  comment: { type: 'string' },
  gateway: { type: 'string' },
  token: { type: 'string' },
  base: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function main(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    return usage(io, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help === true || command === undefined) return usage(io);
  const target = { url: values.gateway, token: values.token };
  const base = values.base === undefined ? undefined : Number(values.base);
  if (base !== undefined && !(Number.isInteger(base) && base >= 1))
    return usage(io, '--base is a version number (e.g. 3)');
  const publication = base === undefined ? target : { ...target, base };
  const language = values.lang === undefined ? {} : { language: values.lang };
  switch (command) {
    case 'validate':
      return validateCommand(rest[0], io);
    case 'explain': {
      if (values.persona === undefined) return usage(io, 'explain needs --persona <email>');
      const entity = values.entity === undefined ? undefined : Number(values.entity);
      if (entity !== undefined && !Number.isInteger(entity))
        return usage(io, '--entity is an account id (e.g. 1002)');
      return explainCommand(
        {
          persona: values.persona,
          ...(entity === undefined ? {} : { entity }),
          manifest: values.manifest ?? 'portal.config.json',
          flags: values.flag ?? [],
          ...language,
        },
        io,
      );
    }
    case 'docs':
      return docsCommand(
        { check: values.check === true, manifest: values.manifest ?? 'portal.config.json', ...language },
        io,
      );
    case 'diff': {
      const [a, b] = rest;
      if (a === undefined || b === undefined) return usage(io, 'diff needs two manifest files');
      return diffCommand(a, b, io, values.lang);
    }
    case 'new-plugin': {
      const id = rest[0];
      if (id === undefined) return usage(io, 'new-plugin needs an id');
      return newPluginCommand(
        {
          id,
          ...(values.widget === undefined ? {} : { widget: values.widget }),
          ...(values.page === undefined ? {} : { page: values.page }),
        },
        io,
      );
    }
    case 'publish': {
      const file = rest[0];
      if (file === undefined) return usage(io, 'publish needs a manifest file');
      return publishCommand(file, values.comment ?? 'Published with npx portal publish', publication, io);
    }
    case 'rollback': {
      const version = Number(rest[0]);
      if (!Number.isInteger(version) || version < 1) return usage(io, 'rollback needs a version number');
      return rollbackCommand(version, publication, io);
    }
    default:
      return usage(io, `Unknown command "${command}"`);
  }
}
