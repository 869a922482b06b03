// What the shop owner's commands (`npm run token`, `npm run stock`) share: the configuration, read from
// the environment by the server's own loadConfig (so PUBLIC_URL, DATABASE_URL, DATA_DIR, SMTP_URL ...
// mean what they mean to the server, and e-mails a command sends link to the shop's address), the
// database they open, and how a command line is parsed, run and answered with an exit code.
//   0 done · 1 configuration error · 2 wrong command line or input · anything else is thrown
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * The server's database: DATABASE_URL, or the embedded database under DATA_DIR (through the running
 * shop's socket when the shop is up, since only one process may open the folder).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ url: string; stop: () => Promise<void> }> {
  const { runningEmbeddedSocket, socketAnswers, socketUrl, startEmbeddedDatabase } = await import('../bff/src/db/embedded.ts');
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  if (config.dataDir.startsWith('memory://')) throw new ConfigError('DATA_DIR=memory:// keeps nothing; set DATA_DIR or DATABASE_URL.');
  const running = runningEmbeddedSocket(config.dataDir);
  if (running && (await socketAnswers(path.join(running, '.s.PGSQL.5432')))) return { url: socketUrl(running), stop: async () => undefined };
  const embedded = await startEmbeddedDatabase(config.dataDir);
  return { url: embedded.url, stop: embedded.stop };
}

export type ShopCommand<C extends { kind: string }> = {
  /** The command's name in messages, e.g. "stock". */
  name: string;
  usage: string;
  parse: (argv: string[]) => C;
  /** `config` is the server's configuration as this command's environment sets it. */
  run: (command: Exclude<C, { kind: 'help' }>, prisma: Db, config: Config) => Promise<void>;
  /** Errors that are the user's input (exit code 2, message only). */
  isInputError: (error: unknown) => boolean;
};

/**
 * Parses the command line, reads the configuration from `env` as the server does, opens and migrates
 * the database, runs the command; the exit code.
 */
export async function runShopCommand<C extends { kind: string }>(
  definition: ShopCommand<C>,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let command: C;
  try {
    command = definition.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${definition.name}: ${error.message}\n\n${definition.usage}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(definition.usage);
    return 0;
  }
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let prisma: Db | null = null;
  try {
    const config = loadConfig(env);
    // loaded only now, so that a wrong command line is answered at once
    const [{ createPrisma }, { migrate }] = await Promise.all([import('../bff/src/db/client.ts'), import('../bff/src/db/migrate.ts')]);
    database = await openDatabase(config);
    await migrate(database.url);
    prisma = createPrisma(database.url, { poolSize: 1 });
    // the server's session secret (a ticket's key is derived from it): with a database server, the shop's in the database
    const { withSessionSecret } = await import('../bff/src/session-secret.ts');
    await definition.run(command as Exclude<C, { kind: 'help' }>, prisma, await withSessionSecret(config, prisma));
    return 0;
  } catch (error) {
    if (definition.isInputError(error) || error instanceof ConfigError) {
      console.error(`${definition.name}: ${(error as Error).message}`);
      return error instanceof ConfigError ? 1 : 2;
    }
    throw error;
  } finally {
    await prisma?.$disconnect();
    await database?.stop();
  }
}

/** Whether the module at `moduleUrl` was started as the command (not imported by a test). */
export function isCommandLine(moduleUrl: string): boolean {
  return !!process.argv[1] && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}
