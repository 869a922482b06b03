// Stock from the command line, for the shop owner:
//   npm run stock -- set <variant code> <quantity>
//   npm run stock -- import <file.csv>        (lines "variant code,quantity"; ";" works too)
// Uses the server's database settings like `npm run token` (DATABASE_URL, or the embedded database
// under DATA_DIR, through the running shop's socket when it is up). A variant going from 0 to more
// pieces sends its availability watchers their e-mail (the database trigger enqueues it; this command
// then delivers what is due, and the running shop would within MAIL's interval anyway).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { parseQuantity, parseStockCsv, setStock, StockInputError, type StockChange } from '../bff/src/services/stock.ts';
import { openDatabase } from './token.ts';

const USAGE = `Usage:
  npm run stock -- set <variant code> <quantity>
  npm run stock -- import <file.csv>      (one "variant code,quantity" per line; ";" also separates)`;

export class UsageError extends Error {}

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

async function run(command: Exclude<StockCommand, { kind: 'help' }>, prisma: Db): Promise<void> {
  const changes =
    command.kind === 'set'
      ? await setStock(prisma, [{ code: command.code, quantity: command.quantity }])
      : await setStock(prisma, parseStockCsv(await readFile(command.file, 'utf8')));
  for (const change of changes) console.log(describe(change));
}

async function main(): Promise<number> {
  let command: StockCommand;
  try {
    command = parseStockCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`stock: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let prisma: Db | null = null;
  try {
    const [{ createPrisma }, { migrate }, { createMailer }] = await Promise.all([
      import('../bff/src/db/client.ts'),
      import('../bff/src/db/migrate.ts'),
      import('../bff/src/mail/index.ts'),
    ]);
    const config = loadConfig(process.env);
    database = await openDatabase();
    await migrate(database.url);
    prisma = createPrisma(database.url, { poolSize: 1 });
    await run(command, prisma);
    // deliver the back-in-stock e-mails now (the outbox's claim keeps a running shop from sending them twice)
    const mailer = createMailer(prisma, { ...config, mailIntervalMs: 0 }, { info: console.log, error: console.error });
    await mailer.sendNow();
    await mailer.close();
    return 0;
  } catch (error) {
    if (error instanceof StockInputError || error instanceof ConfigError) {
      console.error(`stock: ${error.message}`);
      return error instanceof StockInputError ? 2 : 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`stock: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  } finally {
    await prisma?.$disconnect();
    await database?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
