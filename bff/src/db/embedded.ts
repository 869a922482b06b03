// Embedded PostgreSQL (PGlite) for running the shop with no database server.
// It is served on a loopback TCP port so Prisma reaches it through the same
// @prisma/adapter-pg path as a real server: one dialect, one code path.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** dataDir: a folder to persist to, or 'memory://' for a throw-away database. */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  // PGlite runs one query at a time; the server queues queries from several connections.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 100 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgresql://postgres@${address}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
