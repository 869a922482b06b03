// The session secret (it signs the session cookie and the CSRF tokens; the captcha's and the tickets'
// keys are derived from it) when SESSION_SECRET is not set, made once and kept so that sessions (and
// carts) survive a restart:
// - with a database server (DATABASE_URL), in the database, one per shop: every instance on it uses
//   the same. Kept beside each instance's data, two instances behind a balancer had a secret each and
//   a cart made on one was empty on the other (issue 40, item 12; docs/decisions/0052);
// - with the embedded database, in a file beside its data (only one process opens it);
// - with DATA_DIR=memory://, random for this process.
// A public (https) shop must set SESSION_SECRET (config.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The config with its session secret filled in (SESSION_SECRET, or the one kept for this shop): the
 * app and the shop owner's commands call it once at start, and everything after reads the secret
 * from the returned config.
 */
export async function withSessionSecret(config: Config, prisma: Pick<Db, '$executeRaw' | '$queryRaw'>): Promise<Config> {
  if (config.sessionSecret) return config;
  const sessionSecret = config.databaseUrl ? await databaseSecret(prisma, 'session', fileSecret(config)) : resolveSessionSecret(config);
  return { ...config, sessionSecret };
}

/** The secret an instance kept in its DATA_DIR before (issue 40): the first to start brings it, so its sessions go on. */
function fileSecret(config: Config): string | null {
  if (config.dataDir.startsWith('memory://')) return null;
  try {
    return readFileSync(path.join(config.dataDir, 'session-secret'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The shop's secret of this name in the database: made by the first instance that asks. Of instances
 * starting together one INSERT wins (the others' do nothing) and all read the winner's.
 */
async function databaseSecret(prisma: Pick<Db, '$executeRaw' | '$queryRaw'>, name: string, proposed: string | null): Promise<string> {
  await prisma.$executeRaw`INSERT INTO "ShopSecret" ("name", "value") VALUES (${name}, ${proposed ?? newSecret()}) ON CONFLICT ("name") DO NOTHING`;
  const rows = await prisma.$queryRaw<{ value: string }[]>`SELECT "value" FROM "ShopSecret" WHERE "name" = ${name}`;
  return rows[0].value;
}

/** The session secret of a config that has one, or of the embedded database's folder (made on first use). */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.databaseUrl) {
    // a secret of this process's own would differ from the other instances': withSessionSecret reads the shop's
    throw new Error('With DATABASE_URL the session secret is kept in the database: fill it in with withSessionSecret(config, prisma) first.');
  }
  if (config.dataDir.startsWith('memory://')) return newSecret();
  const file = path.join(config.dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = newSecret();
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
