import { buildGateway } from './gateway.ts';
import { optionsFromEnv } from './options.ts';

const gateway = await buildGateway(optionsFromEnv(process.env, process.argv.slice(2)));

async function stop(signal: string): Promise<void> {
  gateway.app.log.info({ signal }, 'stopping');
  await gateway.close();
  process.exit(0);
}

process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
