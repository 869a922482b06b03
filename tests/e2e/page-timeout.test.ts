// A page whose data does not come within the API's time limit (GRAPHQL_TIMEOUT_MS) answers 503 with
// Retry-After and the error page that shows 503: the shop is busy, the shopper may try again; a 500
// would say the page itself is broken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startShop } from '../support/shop-server.ts';

let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  // A second is far more than a page needs, even while the rest of the suite loads the machine (with
  // 100 ms the page after the lock sometimes ran out of time too); the lock holds well past it.
  shop = await startShop({ graphqlTimeoutMs: 1000 });
});

afterAll(async () => {
  await shop?.close();
});

describe('a page over the time limit', () => {
  it('answers 503 with Retry-After and the error page; the same page answers 200 once the database is free', async () => {
    // The products are locked for 2.5 s, so the page's queries wait far past the 1 s limit. The
    // wait is a timer, not pg_sleep: the embedded database runs in this process.
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = shop.prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE "Product" IN ACCESS EXCLUSIVE MODE');
        locked();
        await sleep(2500);
      },
      { timeout: 10_000 },
    );
    await isLocked;
    const response = await fetch(`${shop.url}/kategorie/dresy`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const html = await response.text();
    expect(html).toContain('<title>Chyba</title>');
    expect(html).toContain('Omlouváme se, ale nastala chyba.');
    expect(html).toMatch(/class="error-page__status">503</);
    await held;
    expect((await fetch(`${shop.url}/kategorie/dresy`)).status).toBe(200);
  });
});
