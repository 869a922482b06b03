// The production app (built pages) with the demo catalog, on a free port. The database is a copy of
// the one tests/e2e/global-setup.ts seeded for the run: a database of its own on the TEST_DATABASE_URL
// server (dropped on close), or an embedded one. Without that template, the start seeds its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp, ROOT_DIR } from '../../bff/src/app.ts';
import { loadConfig, type Config } from '../../bff/src/config.ts';
import { createServerDatabase, dropServerDatabase, embeddedInitialData, serverDatabaseUrl } from './database-templates.ts';

async function seededTemplate() {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('seededTemplate');
}

/** `overrides`: settings of one test file, e.g. { mapTileUrl } for a local tile server. */
export async function startShop(overrides: Partial<Config> = {}) {
  if (!existsSync(path.join(ROOT_DIR, 'build/server/index.js'))) {
    throw new Error('No production build: run `npm run build` (npm test does it) before the e2e tests.');
  }
  const template = await seededTemplate();
  const ownDatabase = template?.kind === 'postgres' ? await createServerDatabase('shop_e2e', template.database) : null;
  const config = loadConfig(
    { NODE_ENV: 'test' },
    // trustedDocumentsOnly as in production: the pages may send only their persisted documents' hashes
    {
      ssr: 'build',
      dataDir: 'memory://',
      databaseUrl: ownDatabase ? serverDatabaseUrl(ownDatabase) : null,
      seedDemoData: true,
      publicUrl: 'http://127.0.0.1',
      trustedDocumentsOnly: true,
      ...overrides,
    },
  );
  const shop = await createApp(config, { embeddedInitialData: embeddedInitialData(template) });
  const server: Server = createServer(shop.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    prisma: shop.prisma,
    /** The shop's database (the embedded one's too), for a command run against it (`npm run ticket`). */
    databaseUrl: shop.databaseUrl,
    /** Resolves once the shop has read what was committed before the call (a write made outside it then purged its cache). */
    changesSeen: () => shop.changes.polled(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shop.close();
      if (ownDatabase) await dropServerDatabase(ownDatabase);
    },
  };
}
