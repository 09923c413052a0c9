// `portal publish <file>` and `portal rollback <version>`: the studio's calls from a terminal. The gateway
// checks the manifest (422 with each problem), that the caller is a studio editor (403) and the version
// the change was made from (409 when another one was published since).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { studioRoutes } from '../../kernel/contract/studio-routes.ts';
import type { CliIo, ExitCode } from './io.ts';

/** Where and as whom: `--gateway`/PORTAL_GATEWAY_URL and `--token`/PORTAL_TOKEN (a studio editor's bearer token). */
export type GatewayTarget = { url: string | undefined; token: string | undefined };

type Answer = { status: number; body: Record<string, unknown> };

async function send(target: { url: string; token: string }, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, target.url), {
    method,
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    parsed = { message: text };
  }
  return {
    status: response.status,
    body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
  } satisfies Answer;
}

function resolveTarget(target: GatewayTarget, io: CliIo): { url: string; token: string } | undefined {
  const url = target.url ?? io.env['PORTAL_GATEWAY_URL'];
  const token = target.token ?? io.env['PORTAL_TOKEN'];
  if (url === undefined || url === '') {
    io.err('No gateway: pass --gateway <url> or set PORTAL_GATEWAY_URL');
    return undefined;
  }
  if (token === undefined || token === '') {
    io.err("No credentials: pass --token <bearer token> or set PORTAL_TOKEN (a studio editor's token)");
    return undefined;
  }
  return { url, token };
}

/**
 * The version the change is made from: `--base`, else the one published now. The latter only guards
 * against a publication racing this command: a file made from an earlier version needs its `--base`.
 */
async function baseVersion(
  gateway: { url: string; token: string },
  base: number | undefined,
  io: CliIo,
): Promise<number | undefined> {
  if (base !== undefined) return base;
  const answer = await send(gateway, 'GET', studioRoutes.publishedManifest.path);
  const version = answer.body['version'];
  if (answer.status === 200 && typeof version === 'number') return version;
  io.err(`${String(answer.status)}: the published version could not be read; pass --base <version>`);
  return undefined;
}

/** The gateway's refusal in words, with the manifest problems of a 422. */
function refusal(answer: Answer, io: CliIo, base?: number): ExitCode {
  const publishedVersion = answer.body['publishedVersion'];
  if (answer.status === 409 && typeof publishedVersion === 'number' && base !== undefined) {
    const latest = String(publishedVersion);
    io.err(
      `409: version ${latest} has been published since version ${String(base)}, on which this is based; nothing was published.`,
    );
    io.err(
      `  Your change would undo version ${latest}. Start again from it (the studio, or the manifest of ${studioRoutes.publishedManifest.path}), then run the command again with --base ${latest}.`,
    );
    return 1;
  }
  if (answer.status === 401) io.err('401: the token is missing, invalid or expired');
  else if (answer.status === 403)
    io.err('403: this person is not a studio editor (npm run gateway -- grant-studio)');
  else if (answer.status === 404) io.err('404: no such manifest version');
  else {
    const message = answer.body['message'];
    io.err(`${String(answer.status)}: ${typeof message === 'string' ? message : 'refused'}`);
  }
  const problems = answer.body['problems'];
  if (Array.isArray(problems))
    for (const problem of problems as { pointer?: string; message?: string }[])
      io.err(`  ${problem.pointer ?? ''}  ${problem.message ?? ''}`);
  return 1;
}

/** A change to send from the base version, once the command has prepared it. */
type Change = {
  path: string;
  body: Record<string, unknown>;
  /** The status of a published change: 201 for a new version, 200 for an earlier one published again. */
  published: number;
  /** What the person reads once it is published. */
  says: (answer: Answer, base: number) => string;
};

/**
 * What both commands do: find the gateway (2 without one), prepare the change (its own exit code when it
 * cannot), read the base version, send the change from it and say what became of it.
 */
async function sendChange(
  target: GatewayTarget & { base?: number },
  io: CliIo,
  prepare: () => Change | ExitCode,
): Promise<ExitCode> {
  const gateway = resolveTarget(target, io);
  if (gateway === undefined) return 2;
  const change = prepare();
  if (typeof change === 'number') return change;
  const base = await baseVersion(gateway, target.base, io);
  if (base === undefined) return 1;
  const answer = await send(gateway, 'POST', change.path, { ...change.body, baseVersion: base });
  if (answer.status !== change.published) return refusal(answer, io, base);
  io.out(change.says(answer, base));
  return 0;
}

export function publishCommand(
  file: string,
  comment: string,
  target: GatewayTarget & { base?: number },
  io: CliIo,
): Promise<ExitCode> {
  return sendChange(target, io, () => {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(resolve(io.cwd, file), 'utf8'));
    } catch (error) {
      io.err(`${file}  cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    return {
      path: studioRoutes.publishManifest.path,
      body: { manifest, comment },
      published: 201,
      says: (answer, base) =>
        `Version ${String(answer.body['id'])} published (made from version ${String(base)}): it applies at each person's next load.`,
    };
  });
}

export function rollbackCommand(
  version: number,
  target: GatewayTarget & { base?: number },
  io: CliIo,
): Promise<ExitCode> {
  return sendChange(target, io, () => ({
    path: studioRoutes.publishManifestVersion.path.replace(':id', String(version)),
    body: {},
    published: 200,
    says: () => `Version ${String(version)} published again: it applies at each person's next load.`,
  }));
}
