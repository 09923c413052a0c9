// The gateway project's global setup (vitest.config.ts): one throw-away PostgreSQL cluster for the whole
// run (scripts/postgres.mjs), its URL given to the tests as `GATEWAY_TEST_DATABASE_URL` (inject, and the
// environment for the processes they start). A URL already in the environment is used as it is (npm test
// starts the cluster itself; a developer may point at their own server, whose user may CREATE DATABASE).
//
// Without PostgreSQL on the machine, a plain `vitest run` installs nothing: it says so and the PostgreSQL
// cases are skipped. `npm test` (GATEWAY_TEST_POSTGRES=required) installs it and fails without it.
// GATEWAY_TEST_POSTGRES=off skips them without starting anything.
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/postgres.mjs';

declare module 'vitest' {
  // An interface: vitest's ProvidedContext is merged with, not replaced.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The cluster's database as its superuser; undefined: no PostgreSQL in this run. */
    gatewayTestDatabaseUrl: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const mode = process.env['GATEWAY_TEST_POSTGRES'];
  const given = process.env['GATEWAY_TEST_DATABASE_URL'];
  if (given) {
    project.provide('gatewayTestDatabaseUrl', given);
    return undefined;
  }
  if (mode === 'off') {
    project.provide('gatewayTestDatabaseUrl', undefined);
    return undefined;
  }
  try {
    const postgres = await startPostgres({ install: mode === 'required' });
    console.log(
      `[gateway tests] ${postgres.version} on a throw-away cluster, ready in ${String(postgres.startedInMs)} ms`,
    );
    process.env['GATEWAY_TEST_DATABASE_URL'] = postgres.url;
    project.provide('gatewayTestDatabaseUrl', postgres.url);
    return async () => {
      delete process.env['GATEWAY_TEST_DATABASE_URL'];
      await postgres.stop();
    };
  } catch (error) {
    if (mode === 'required') throw error;
    console.warn(
      `\n[gateway tests] NO POSTGRESQL: its cases are skipped (${(error as Error).message}).\n` +
        '  npm test installs it (apt-get install postgresql); GATEWAY_TEST_POSTGRES=off silences this.\n',
    );
    project.provide('gatewayTestDatabaseUrl', undefined);
    return undefined;
  }
}
