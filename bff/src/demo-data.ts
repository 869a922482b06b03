// The demo catalog (prisma/seed) for an empty database: on a first start with SEED_DEMO_DATA (the
// default) and by `npm run seed`. A real shop sells none of it, so it is not part of the server's
// code: it is imported only when an empty database is to be filled, and the build keeps it in a file
// of its own (build/bff/demo-catalog.js, scripts/build-server.mjs) that build/bff/server.js loads
// only then (issue 30, item 8).
import type { Db } from './db/client.ts';
import { withStartupLock, type StartupLockOptions } from './db/migrate.ts';

/**
 * Fills an empty database (no products) with the demo catalog; false when it has products already.
 * Under the start-up lock, like the migrations: of instances starting together on an empty database
 * one seeds, the others wait and find it done (issue 31, finding 28).
 */
export function seedDemoDataIfEmpty(
  databaseUrl: string,
  prisma: Db,
  config: { eurRate: number; withdrawalPeriodDays?: number; packetaApiKey?: string | null },
  lock: StartupLockOptions = {},
): Promise<boolean> {
  return withStartupLock(databaseUrl, async () => {
    const empty = (await prisma.product.count()) === 0;
    // a demo database filled before pick-up points existed gets the demo network once (not a shop on Packeta's)
    const withoutPoints = !empty && !config.packetaApiKey && (await prisma.pickupPoint.count()) === 0;
    if (!empty && !withoutPoints) return false;
    const { seedDemoData, seedDemoPickupPoints } = await import('../../prisma/seed/seed.ts');
    if (empty) await seedDemoData(prisma, config);
    else await seedDemoPickupPoints(prisma);
    return empty;
  }, lock);
}
