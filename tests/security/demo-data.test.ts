// Issue 30, item 8: build/bff/server.js carries no demo data (tests/unit/build-server.test.ts), yet a
// first `npm start` on an empty database still fills it with the demo catalog, which the compiled
// server loads from build/bff/demo-catalog.js only then. global-setup.ts made that first start (the
// start script's own command on an empty database, on each database); the shops here start on a copy
// of what it left, like a later start of the same shop.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DATABASES, DEMO_CUSTOMER, InParallel, startProductionServer } from '../support/production-server.ts';
import { products, vouchers } from '../../prisma/seed/data/index.ts';

const templates = inject('seededTemplates');
const servers = new InParallel(DATABASES, (kind) => startProductionServer(kind, { template: templates[kind] }));

afterAll(async () => {
  await servers.settle((server) => server.stop());
});

for (const kind of DATABASES) {
  describe(`first start on an empty database (${kind})`, () => {
    it('filled it with the whole demo catalog: products, vouchers and the demo customer', async () => {
      const server = await servers.get(kind);
      const codes = await server.sql<{ code: string }>('SELECT "code" FROM "Product"');
      expect(codes.map((row) => row.code).sort()).toEqual(products.map((product) => product.code).sort());
      const voucherCodes = await server.sql<{ code: string }>('SELECT "code" FROM "Voucher"');
      expect(voucherCodes.map((row) => row.code).sort()).toEqual(vouchers.map((voucher) => voucher.code).sort());
      expect(await server.sql('SELECT "id" FROM "Customer" WHERE "email" = $1', [DEMO_CUSTOMER.email])).toHaveLength(1);
    });
  });
}
