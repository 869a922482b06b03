// A shop process that dies by SIGKILL in the middle of shipping an order (decision 0068), for the
// shipment tests: `tsx tests/support/ship-and-die.ts <orderId> <beforeParcelRecorded|afterParcelRecorded>`
// with DATABASE_URL, PACKETA_API_URL and PACKETA_API_PASSWORD set. It asks the fake Packeta for the
// packet and kills itself at the named moment, as a crash or `kill -9` would, with no chance to clean up.
import { createPrisma } from '../../bff/src/db/client.ts';
import { carrierSetup } from '../../bff/src/carriers/index.ts';
import { shipOrder } from '../../bff/src/services/shipments.ts';

const [orderIdText, moment] = process.argv.slice(2);
if (moment !== 'beforeParcelRecorded' && moment !== 'afterParcelRecorded') throw new Error(`unknown moment "${moment}"`);

const db = createPrisma(process.env.DATABASE_URL!, { poolSize: 1 });
const die = async () => {
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined);
};
await shipOrder(
  db,
  Number(orderIdText),
  {
    carriers: carrierSetup({ packetaApiPassword: process.env.PACKETA_API_PASSWORD!, packetaApiUrl: process.env.PACKETA_API_URL!, packetaApiTimeoutMs: 10_000, packetaEshop: null }),
    hooks: { [moment]: die },
  },
  async (tx, orderId) => {
    await tx.order.update({ where: { id: orderId }, data: { status: 'SHIPPED' } });
  },
);
// not reached: the process died above
process.exit(3);
