import { buildApp } from './app.js';
import { ConfigError, formatSettingsHelp, loadConfig } from './config.js';

/** Starts the service: reads the configuration, listens, reloads on SIGHUP, stops on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(`dataseries server\n\nEnvironment:\n${formatSettingsHelp()}`);
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp(config);
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ address, data_dir: config.dataDir, base_url: config.baseUrl }, `listening on ${address}`);
  process.on('SIGHUP', () => void app.ds.data.reload());
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      app.log.info({ signal: sig }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
}

void main();
