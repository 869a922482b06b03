// Starts the shop: reads the configuration, builds the app and listens. Nothing else.
import { createServer } from 'node:http';
import { loadConfig, ConfigError } from './config.ts';
import { createApp } from './app.ts';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const shop = await createApp(config);
  const server = createServer(shop.app);
  server.listen(config.port, config.host, () => {
    const where = config.databaseUrl ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.dataDir}`;
    console.log(`Shop ready at ${config.publicUrl} (${config.env}, ${where}) in ${Date.now() - started} ms`);
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return; // a process manager may signal twice
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    shop.startDrain();
    server.close(() => void shop.close().then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
