// Stock from the command line, for the shop owner:
//   npm run stock -- set <variant code> <quantity>
//   npm run stock -- import <file.csv>        (lines "variant code,quantity"; ";" works too)
//   npm run stock -- price <variant code> <price in Kč> [--eur <price in €>|--eur-from-czk] [--was <price in Kč>|--not-sale]
//                                             (the price history behind "the lowest price of the last
//                                              30 days" is written with it: decision 0063)
//   npm run stock -- gtin <variant code> <EAN/GTIN | --none>   (the feeds' EAN; a wrong check digit is refused)
// Reads the server's configuration like `npm run token` (DATABASE_URL, or the embedded database under
// DATA_DIR, through the running shop's socket when it is up). A variant going from 0 to more pieces
// sends its availability watchers their e-mail (the database trigger enqueues it; this command then
// delivers what is due, and the running shop would within MAIL's interval anyway), by the server's
// SMTP_URL and MAIL_FROM, its links on PUBLIC_URL: the command needs the server's environment.
import { readFile } from 'node:fs/promises';
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { parseQuantity, parseStockCsv, setStock, StockInputError, type StockChange } from '../bff/src/services/stock.ts';
import { PriceInputError, setPrices, type PriceChange } from '../bff/src/services/prices.ts';
import { GtinInputError, setGtin } from '../bff/src/services/gtin.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';

const USAGE = `Usage:
  npm run stock -- set <variant code> <quantity>
  npm run stock -- import <file.csv>      (one "variant code,quantity" per line; ";" also separates)
  npm run stock -- price <variant code> <price in Kč> [--eur <price in €> | --eur-from-czk] [--was <price in Kč> | --not-sale]
      --was announces a sale (the pages then show the lowest price of the 30 days before it, decision 0063);
      --not-sale ends it; without either the variant keeps its mark. Prices with VAT, e.g. 1999 or 1999,90.
  npm run stock -- gtin <variant code> <EAN/GTIN | --none>
      the variant's EAN (8, 12, 13 or 14 digits) for the price comparison feeds; --none removes it.`;

export type StockCommand =
  | { kind: 'set'; code: string; quantity: number }
  | { kind: 'import'; file: string }
  | { kind: 'price'; change: PriceChange }
  | { kind: 'gtin'; code: string; gtin: string | null }
  | { kind: 'help' };

/** "1999", "1999,90", "1999.9" (crowns or euros with VAT) in minor units; NaN when it is not such an amount. */
export function parseAmount(text: string | undefined): number {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text ?? '');
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : Number.NaN;
}

function parsePriceCommand(rest: string[]): StockCommand {
  const [code, price, ...options] = rest;
  if (code === undefined || price === undefined) throw new UsageError('price needs a variant code and a price.');
  const priceCzk = parseAmount(price);
  if (Number.isNaN(priceCzk)) throw new UsageError(`The price must be an amount in Kč such as 1999 or 1999,90, got "${price}".`);
  const change: PriceChange = { code, priceCzk };
  for (let index = 0; index < options.length; index++) {
    const option = options[index];
    if (option === '--not-sale') change.originalPriceCzk = change.originalPriceEur = null;
    else if (option === '--eur-from-czk') change.priceEur = null;
    else if (option === '--was' || option === '--eur') {
      const amount = parseAmount(options[++index]);
      if (Number.isNaN(amount)) throw new UsageError(`${option} needs an amount such as 1999 or 1999,90, got "${options[index] ?? ''}".`);
      if (option === '--eur') change.priceEur = amount;
      else {
        if (amount <= priceCzk) throw new UsageError('--was must be above the new price: it announces a reduction.');
        change.originalPriceCzk = amount;
        change.originalPriceEur = null;
      }
    } else throw new UsageError(`Unknown option "${option}".`);
  }
  return { kind: 'price', change };
}

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
  if (command === 'price') return parsePriceCommand(rest);
  if (command === 'gtin') {
    if (rest.length !== 2) throw new UsageError('gtin needs a variant code and an EAN/GTIN (or --none).');
    return { kind: 'gtin', code: rest[0], gtin: rest[1] === '--none' ? null : rest[1] };
  }
  throw new UsageError(`Unknown command "${command}"; the commands are set, import, price and gtin.`);
}

function describe(change: StockChange): string {
  const back = change.previous === 0 && change.stock > 0 ? ' (back in stock: watchers are notified)' : '';
  return `${change.code}: ${change.previous} -> ${change.stock}${back}`;
}

async function run(command: Exclude<StockCommand, { kind: 'help' }>, prisma: Db, config: Config): Promise<void> {
  if (command.kind === 'gtin') {
    const done = await setGtin(prisma, command.code, command.gtin);
    console.log(`${done.code}: EAN ${done.previous ?? '-'} -> ${done.gtin ?? '-'}`);
    return;
  }
  if (command.kind === 'price') {
    for (const done of await setPrices(prisma, [command.change], config.eurRate)) {
      console.log(`${done.code}: ${done.previousCzk / 100} Kč -> ${done.priceCzk / 100} Kč`);
    }
    return;
  }
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
  isInputError: (error) => error instanceof StockInputError || error instanceof PriceInputError || error instanceof GtinInputError || (error as NodeJS.ErrnoException).code === 'ENOENT',
};

// `npx tsx scripts/stock.ts …` in development; the build runs stockCommand from build/bff/stock.js (`npm run stock`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(stockCommand, process.argv.slice(2));
}
