// `npm run seed`: loads the demo catalog into the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) when it has no products yet. Built into build/bff/seed.js like the
// server (scripts/build-server.mjs), so that it runs on plain node.
import { loadConfig } from '../../bff/src/config.ts';
import { createPrisma } from '../../bff/src/db/client.ts';
import { startEmbeddedDatabase } from '../../bff/src/db/embedded.ts';
import { migrate } from '../../bff/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../../bff/src/demo-data.ts';

const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedDatabase(config.dataDir);
const url = config.databaseUrl ?? embedded!.url;
await migrate(url);
const prisma = createPrisma(url);
try {
  const seeded = await seedDemoDataIfEmpty(url, prisma, config);
  console.log(seeded ? 'Demo catalog loaded.' : 'The database already has products; nothing was changed.');
} finally {
  await prisma.$disconnect();
  await embedded?.stop();
}
