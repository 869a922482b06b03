// The embedded database (PGlite) has no password, so only the shop may reach it: it listens on a
// Unix socket in a directory only the shop's user can enter, never on a TCP port.
// (These tests start the embedded database themselves, so they are the same on either pass: `npm test`
// runs them in the embedded pass only, scripts/test.mjs EMBEDDED_ONLY_FILES.)
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSocket, runningEmbeddedSocket, startEmbeddedDatabase } from '../../bff/src/db/embedded.ts';
import { databaseKind } from '../support/test-app.ts';

/** Inodes of the TCP sockets this process listens on (Linux: /proc/net/tcp{,6} state 0A = LISTEN). */
function tcpListeners(): Set<string> {
  const own = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) own.add(match[1]);
    } catch {
      // the fd closed while we looked
    }
  }
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (columns[3] === '0A' && own.has(columns[9])) listening.add(`${columns[1]}#${columns[9]}`);
    }
  }
  return listening;
}

const socketHost = (url: string) => new URL(url).searchParams.get('host');

const mode = (file: string) => statSync(file).mode & 0o777;

/** Leaves a socket file behind the way a crashed run does: its process dies without closing it. */
function leaveStaleSocket(socketPath: string) {
  const result = spawnSync(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`,
  ]);
  expect(result.signal).toBe('SIGKILL');
  expect(lstatSync(socketPath).isSocket()).toBe(true);
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe(`embedded database (${databaseKind})`, () => {
  it('in memory: served on a socket in a fresh 0700 directory, no TCP port, removed on stop', async () => {
    const before = tcpListeners();
    const embedded = await startEmbeddedDatabase('memory://');
    try {
      expect([...tcpListeners()].filter((socket) => !before.has(socket))).toEqual([]);
      // no TCP host: `pg` takes the socket directory from ?host=
      expect(socketHost(embedded.url)).toBe(embedded.socketDir);
      expect(path.isAbsolute(embedded.socketDir)).toBe(true);
      expect(embedded.socketDir.startsWith(tmpdir())).toBe(true);
      expect(mode(embedded.socketDir)).toBe(0o700);
      expect(readdirSync(embedded.socketDir)).toEqual(['.s.PGSQL.5432']);

      // the shop's own driver reaches it through the URL
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      try {
        expect((await client.query<{ answer: number }>('SELECT 42 AS answer')).rows).toEqual([{ answer: 42 }]);
      } finally {
        await client.end();
      }
    } finally {
      await embedded.stop();
    }
    expect(existsSync(embedded.socketDir)).toBe(false);
  });

  it('parallel connections take turns: transactions and parameterised queries never mix', async () => {
    const embedded = await startEmbeddedDatabase('memory://');
    const pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
    try {
      await pool.query('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)');
      await pool.query('INSERT INTO counter VALUES (1, 0)');
      const failures: string[] = [];
      await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const client = await pool.connect();
          try {
            if (i % 2 === 0) {
              // a transaction that waits between its statements, as Prisma's interactive ones do
              await client.query('BEGIN');
              const { rows } = await client.query<{ n: number }>('SELECT n FROM counter WHERE id = $1', [1]);
              await new Promise((resolve) => setTimeout(resolve, 1));
              await client.query('UPDATE counter SET n = $1 WHERE id = $2', [rows[0].n + 1, 1]);
              await client.query('COMMIT');
            } else {
              const { rows } = await client.query<{ sum: number; text: string }>('SELECT $1::int + $2::int AS sum, $3::text AS text', [i, 1, `x${i}`]);
              if (rows[0].sum !== i + 1 || rows[0].text !== `x${i}`) failures.push(`wrong answer for ${i}`);
            }
          } catch (error) {
            failures.push((error as Error).message);
          } finally {
            client.release();
          }
        }),
      );
      expect(failures).toEqual([]);
      // no transaction saw another's uncommitted state: 30 increments, none lost
      expect((await pool.query('SELECT n FROM counter')).rows).toEqual([{ n: 30 }]);

      // a client that leaves inside a transaction does not keep the database from the others
      const leaver = new pg.Client({ connectionString: embedded.url });
      await leaver.connect();
      await leaver.query('BEGIN');
      await leaver.query('UPDATE counter SET n = 1000');
      await leaver.end();
      expect((await pool.query('SELECT n FROM counter')).rows).toEqual([{ n: 30 }]);
    } finally {
      await pool.end();
      await embedded.stop();
    }
  });

  it('persisted: the socket lives in DATA_DIR/run (made 0700), a crashed run\'s socket does not stop a start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
    scratch.push(dataDir);
    const runDir = path.join(dataDir, 'run');
    mkdirSync(runDir, { mode: 0o755 });
    leaveStaleSocket(path.join(runDir, '.s.PGSQL.5432'));

    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect(embedded.socketDir).toBe(runDir);
      expect(socketHost(embedded.url)).toBe(runDir);
      expect(mode(runDir)).toBe(0o700);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      await client.end();
      // a second shop on the same DATA_DIR is refused rather than taking the socket over
      await expect(prepareSocket(dataDir)).rejects.toThrow(/Another process serves the embedded database/);
    } finally {
      await embedded.stop();
    }
    expect(existsSync(runDir)).toBe(true);
    expect(readdirSync(runDir)).toEqual([]);
  });

  it('a DATA_DIR too long for a socket address gets a private temporary directory instead', async () => {
    const dataDir = path.join(tmpdir(), 'shop-data-long-'.padEnd(120, 'x'));
    const place = await prepareSocket(dataDir);
    try {
      expect(place.temporary).toBe(true);
      expect(place.dir.startsWith(tmpdir())).toBe(true);
      expect(mode(place.dir)).toBe(0o700);
      expect(Buffer.byteLength(place.socketPath)).toBeLessThan(104);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(place.dir, { recursive: true, force: true });
    }
  });

  it('one process at a time: a lock file names the socket, refuses a second start and goes away on stop', async () => {
    // too long for DATA_DIR/run, so the socket sits in a temporary directory only the lock can name
    const dataDir = path.join(tmpdir(), `shop-data-lock-${process.pid}-`.padEnd(120, 'x'));
    scratch.push(dataDir);
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect(embedded.socketDir.startsWith(dataDir)).toBe(false);
      expect(runningEmbeddedSocket(dataDir)).toBe(embedded.socketDir);
      await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/has the embedded database in .* open/);
    } finally {
      await embedded.stop();
    }
    expect(runningEmbeddedSocket(dataDir)).toBeNull();
    expect(existsSync(path.join(dataDir, 'embedded.lock'))).toBe(false);
  });

  it('refuses a run directory that is not a directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
    scratch.push(dataDir);
    const target = mkdtempSync(path.join(tmpdir(), 'shop-elsewhere-'));
    scratch.push(target);
    symlinkSync(target, path.join(dataDir, 'run'));
    await expect(prepareSocket(dataDir)).rejects.toThrow(/must be a directory/);
  });

  it('starts in memory from a dump of another one: its tables and rows, the original untouched (the tests migrate once and copy)', async () => {
    const original = await startEmbeddedDatabase('memory://');
    let dump: Blob;
    const query = async (url: string, sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    try {
      await query(original.url, `CREATE TABLE "Copied" ("id" int PRIMARY KEY); INSERT INTO "Copied" VALUES (1), (2)`);
      dump = await original.dump();
      const copy = await startEmbeddedDatabase('memory://', { initialData: dump });
      try {
        expect(copy.socketDir).not.toBe(original.socketDir);
        expect(await query(copy.url, `SELECT "id" FROM "Copied" ORDER BY "id"`)).toEqual([{ id: 1 }, { id: 2 }]);
        await query(copy.url, `INSERT INTO "Copied" VALUES (3)`);
      } finally {
        await copy.stop();
      }
      expect(await query(original.url, `SELECT count(*)::int AS n FROM "Copied"`)).toEqual([{ n: 2 }]);
    } finally {
      await original.stop();
    }
    // a data folder on disk is the shop's own: it never starts as a copy of something else
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-'));
    scratch.push(dataDir);
    await expect(startEmbeddedDatabase(dataDir, { initialData: dump })).rejects.toThrow(/only for an in-memory/);
  });
});
