// Stock from the command line, for the shop owner:
//   npm run stock -- set <variant code> <quantity>
//   npm run stock -- import <file.csv>        (lines "variant code,quantity"; ";" works too)
// Reads the server's configuration like `npm run token` (DATABASE_URL, or the embedded database under
// DATA_DIR, through the running shop's socket when it is up). A variant going from 0 to more pieces
// sends its availability watchers their e-mail (the database trigger enqueues it; this command then
// delivers what is due, and the running shop would within MAIL's interval anyway), by the server's
// SMTP_URL and MAIL_FROM, its links on PUBLIC_URL: the command needs the server's environment.
import { readFile } from 'node:fs/promises';
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { parseQuantity, parseStockCsv, setStock, StockInputError, type StockChange } from '../bff/src/services/stock.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';

const USAGE = `Usage:
  npm run stock -- set <variant code> <quantity>
  npm run stock -- import <file.csv>      (one "variant code,quantity" per line; ";" also separates)`;

export type StockCommand = { kind: 'set'; code: string; quantity: number } | { kind: 'import'; file: string } | { kind: 'help' };

export function parseStockCommand(argv: string[]): StockCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'set') {
    if (rest.length !== 2) throw new UsageError('set needs a variant code and a quantity.');
    const quantity = parseQuantity(rest[1]);
    if (Number.isNaN(quantity)) throw new UsageError(`The quantity must be a whole number from 0, got "${rest[1]}".`);
    return { kind: 'set', code: rest[0], quantity };
  }
  if (command === 'import') {
    if (rest.length !== 1) throw new UsageError('import needs one CSV file.');
    return { kind: 'import', file: rest[0] };
  }
  throw new UsageError(`Unknown command "${command}"; the commands are set and import.`);
}

function describe(change: StockChange): string {
  const back = change.previous === 0 && change.stock > 0 ? ' (back in stock: watchers are notified)' : '';
  return `${change.code}: ${change.previous} -> ${change.stock}${back}`;
}

async function run(command: Exclude<StockCommand, { kind: 'help' }>, prisma: Db, config: Config): Promise<void> {
  const changes =
    command.kind === 'set'
      ? await setStock(prisma, [{ code: command.code, quantity: command.quantity }])
      : await setStock(prisma, parseStockCsv(await readFile(command.file, 'utf8')));
  for (const change of changes) console.log(describe(change));
  // deliver the back-in-stock e-mails now (the outbox's claim keeps a running shop from sending them twice);
  // whatever else the outbox holds (an order confirmation, a password reset) is the shop's to send
  const { startMailJob } = await import('../bff/src/jobs/mail.ts');
  const mailer = startMailJob(prisma, { ...config, mailIntervalMs: 0 }, { info: console.log, error: console.error });
  await mailer.sendNow({ kinds: ['availabilityWatch'] });
  await mailer.close();
}

export const stockCommand: ShopCommand<StockCommand> = {
  name: 'stock',
  usage: USAGE,
  parse: parseStockCommand,
  run,
  // a CSV file that is not there is the user's input too
  isInputError: (error) => error instanceof StockInputError || (error as NodeJS.ErrnoException).code === 'ENOENT',
};

// `npx tsx scripts/stock.ts …` in development; the build runs stockCommand from build/bff/stock.js (`npm run stock`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(stockCommand, process.argv.slice(2));
}
