import { isGatewayCommand, runGatewayCommand } from './cli/gateway-command.ts';
import { DataModeMismatch } from './db/data-mode.ts';
import { MigrationFailed } from './db/migrate.ts';
import { optionsFromEnv } from './options.ts';

const argv = process.argv.slice(2);
if (isGatewayCommand(argv[0])) {
  const { stdin, stdout, stderr, env } = process;
  process.exit(await runGatewayCommand(argv, { env, stdin, stdout, stderr }));
}

// Loaded only for the server: a command needs neither Fastify nor the identity provider.
const { buildGateway } = await import('./gateway.ts');
const options = (() => {
  try {
    return optionsFromEnv(process.env, argv);
  } catch (error) {
    // A setting that cannot be used (GATEWAY_HOST, GATEWAY_OIDC_JWK...): its message, without a stack trace.
    process.stderr.write(`gateway: ${(error as Error).message}\n`);
    process.exit(2);
  }
})();
const gateway = await buildGateway(options).catch((error: unknown) => {
  // The data dir belongs to the other mode, or its migrations failed: say so, without a stack trace.
  if (!(error instanceof DataModeMismatch || error instanceof MigrationFailed)) throw error;
  process.stderr.write(`gateway: ${error.message}\n`);
  process.exit(2);
});

async function stop(signal: string): Promise<void> {
  gateway.app.log.info({ signal }, 'stopping');
  await gateway.close();
  process.exit(0);
}

process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
