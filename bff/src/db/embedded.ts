// Embedded PostgreSQL (PGlite) for running the shop with no database server.
// It is served over the PostgreSQL wire protocol so Prisma reaches it through the same
// @prisma/adapter-pg path as a real server: one dialect, one code path.
//
// PGlite has no authentication, so it must not listen on TCP, where any local process (of any
// user) could connect. It listens on a Unix socket inside a directory only the shop's user may
// enter (mode 0700): DATA_DIR/run/, or a private temporary directory for in-memory databases and
// when DATA_DIR's path is too long for a socket address.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { servePGlite } from './pglite-server.ts';
import type { LineLog } from '../log.ts';

export type EmbeddedDatabase = {
  url: string;
  /** The 0700 directory that holds the socket file. */
  socketDir: string;
  /** The whole data folder as an uncompressed tar (what `initialData` of a later start takes). */
  dump: () => Promise<Blob>;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * Start from a copy of another database's data folder (a `dump()`), e.g. one that is migrated
   * already, instead of an empty one; only for an in-memory database. The test suite migrates once
   * and gives every test file such a copy (docs/decisions/0030-test-suite-speed.md).
   */
  initialData?: Blob | Uint8Array;
  /** Where a failed connection is reported (the app's log). */
  log?: LineLog;
};

/** libpq and `pg` look for the socket `<host>/.s.PGSQL.<port>`; we use the default port. */
const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/**
 * A socket address holds at most 108 bytes on Linux and 104 on macOS, with the closing NUL;
 * keep below both.
 */
const MAX_SOCKET_PATH_BYTES = 103;

/** Creates (or takes over) a directory only this user can use, refusing symlinks and foreign owners. */
function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} must be a directory for the embedded database's socket.`);
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new Error(`${dir} belongs to another user; the embedded database's socket cannot live there.`);
  }
  chmodSync(dir, 0o700); // mkdir's mode is reduced by the umask and does not apply to an existing folder
  return dir;
}

function socketFits(dir: string): boolean {
  return Buffer.byteLength(path.join(dir, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES;
}

/** Whether a process accepts connections on the socket (another shop on the same DATA_DIR). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Removes a socket file left behind by a run that crashed; refuses when a live server owns it. */
async function removeStaleSocket(socketPath: string): Promise<void> {
  let stat;
  try {
    stat = lstatSync(socketPath);
  } catch {
    return; // nothing there
  }
  if (!stat.isSocket()) throw new Error(`${socketPath} exists and is not a socket; remove it.`);
  if (await socketAnswers(socketPath)) {
    throw new Error(`Another process serves the embedded database at ${socketPath}; stop it first.`);
  }
  unlinkSync(socketPath);
}

/** The connection URL for `pg` and @prisma/adapter-pg: the socket directory goes in `host`. */
export function socketUrl(socketDir: string): string {
  return `postgresql://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}&sslmode=disable`;
}

export type SocketPlace = {
  /** The 0700 directory that holds the socket file. */
  dir: string;
  /** dir/.s.PGSQL.5432, free to listen on. */
  socketPath: string;
  /** A temporary directory (removed on stop) rather than DATA_DIR/run. */
  temporary: boolean;
};

/**
 * Where the socket goes: DATA_DIR/run when its path fits in a socket address, otherwise (and for
 * in-memory databases) a private temporary directory. A socket file left by a crashed run is removed.
 */
export async function prepareSocket(dataDir: string): Promise<SocketPlace> {
  const runDir = dataDir.startsWith('memory://') ? null : path.resolve(dataDir, 'run');
  const temporary = !runDir || !socketFits(runDir);
  const dir = temporary ? mkdtempSync(path.join(tmpdir(), 'shop-db-')) : privateDir(runDir);
  const socketPath = path.join(dir, SOCKET_NAME);
  try {
    if (temporary) chmodSync(dir, 0o700); // mkdtemp already uses 0700; be explicit
    if (!socketFits(dir)) throw new Error(`The socket path ${socketPath} is too long; set TMPDIR to a shorter folder.`);
    await removeStaleSocket(socketPath);
  } catch (error) {
    if (temporary) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, socketPath, temporary };
}

// Only one process may open a PGlite data folder; two would corrupt it. The process that opens it
// leaves DATA_DIR/embedded.lock (its pid and socket directory) for as long as it runs, so a second
// start is refused and tools such as `npm run token` reach the running shop through its socket.
const LOCK_FILE = 'embedded.lock';

type Lock = { pid: number; socketDir: string };

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(dataDir: string): Lock | null {
  try {
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as Lock;
    return Number.isInteger(lock.pid) && typeof lock.socketDir === 'string' ? lock : null;
  } catch {
    return null;
  }
}

/** The socket directory of the process that has this data folder open now, if any. */
export function runningEmbeddedSocket(dataDir: string): string | null {
  const lock = readLock(dataDir);
  return lock && processAlive(lock.pid) ? lock.socketDir : null;
}

function takeLock(dataDir: string, socketDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = runningEmbeddedSocket(dataDir);
  if (holder) throw new Error(
      `Another process has the embedded database in ${dataDir} open; stop it first (if none runs, delete ${file}).`,
    );
  writeFileSync(file, JSON.stringify({ pid: process.pid, socketDir } satisfies Lock), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/**
 * An in-memory database's files are memory already: a second copy in PostgreSQL's shared buffers
 * (128 MB by default, and WAL buffers of 4 MB) buys no speed and costs its start, which clears them:
 * 0.8 s of CPU against 1.4-1.8 s for a start from the test suite's template (issue 41).
 */
const IN_MEMORY_BUFFERS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

type PGliteCode = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule'>>;

let pgliteCode: Promise<PGliteCode> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process. Left to itself, PGlite compiles it again for
 * every database it opens, and V8 then optimises the new copy's hot code again as queries run. One start
 * costs one compilation either way; a process that opens many (the test suite: one database per test
 * file, in one process) saves ~250 ms of CPU per start and runs already optimised code from its first
 * query (issue 41). Its 6 MB file bundle is left to PGlite to read per start: kept, it would stay in
 * memory for the whole life of a server that starts one database.
 */
function compiledPglite(): Promise<PGliteCode> {
  pgliteCode ??= (async () => {
    // the package's folder of its files (its CommonJS entry is there too); vitest's module runner has no import.meta.resolve
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })().catch((error: unknown) => {
    pgliteCode = undefined; // the next start tries again
    throw error;
  });
  return pgliteCode;
}

/**
 * Bytes in memory as the Blob PGlite's `loadDataDir` takes; it reads the data folder with `arrayBuffer()`
 * alone, never changing it. Node 20's Blob copies its contents out through a stream reader, chunk by
 * chunk: ~0.2–0.3 s of CPU for the test template's 45 MB on every start (issue 41: the test suite
 * starts ~300 embedded databases). This one hands the bytes over without a copy.
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
    Object.defineProperty(this, 'size', { value: bytes.byteLength }); // Blob's own getter would say 0
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(whole ? buffer : (this.#bytes.slice().buffer as ArrayBuffer));
  }
}

/** dataDir: a folder to persist to, or 'memory://' for a throw-away database. */
export async function startEmbeddedDatabase(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const persistent = !dataDir.startsWith('memory://');
  if (persistent && options.initialData) throw new Error('initialData is only for an in-memory embedded database.');
  if (persistent) mkdirSync(dataDir, { recursive: true });
  const socket = await prepareSocket(dataDir);
  let releaseLock = () => {};
  const cleanUp = () => {
    releaseLock();
    if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
  };
  let db: PGlite | null = null;
  try {
    if (persistent) releaseLock = takeLock(dataDir, socket.dir);
    // the search's trigram index and unaccent (migration 20261122162100) are extensions PGlite ships
    db = await PGlite.create(dataDir, {
      ...(await compiledPglite()),
      extensions: { pg_trgm, unaccent },
      loadDataDir: options.initialData instanceof Uint8Array ? new BytesBlob(options.initialData) : options.initialData,
      startParams: persistent ? PGlite.defaultStartParams : [...PGlite.defaultStartParams, ...IN_MEMORY_BUFFERS],
    });
    // PGlite runs one query at a time; the server lets several connections take turns.
    const server = await servePGlite(db, socket.socketPath, { maxConnections: 100, log: options.log });
    const opened = db;
    return {
      url: socketUrl(socket.dir),
      socketDir: socket.dir,
      dump: () => opened.dumpDataDir('none'),
      async stop() {
        await server.close(); // closing the listener removes the socket file
        await opened.close();
        cleanUp();
      },
    };
  } catch (error) {
    await db?.close();
    cleanUp();
    throw error;
  }
}
