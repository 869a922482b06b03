// The shop as its owner runs it in production, for the security suite (tests/security):
// package.json's start script (`NODE_ENV=production node --max-semi-space-size=64 build/bff/server.js`) as a child process with
// the built pages, on a free loopback port, on the embedded database (DATA_DIR in a temporary
// folder) or on a fresh database of the TEST_DATABASE_URL server. The tests talk to it only over HTTP, with `npm run token`, and
// with SQL through `pg` (to set up a case or to check what the database holds afterwards).
//
// Seeding the demo catalog is the slow part of a first start, so tests/security/global-setup.ts
// makes one seeded start per database and each test file starts from a copy of it (a copied
// DATA_DIR, or CREATE DATABASE ... TEMPLATE), exactly like a later start of an existing shop.
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases the suite runs on: the embedded one always, the server when TEST_DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** What global-setup.ts hands to the test files: a seeded copy source per database. */
export type SeededTemplates = Partial<Record<DatabaseKind, string>>;

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

/** The demo customer that a production start with demo data creates (prisma/seed). */
export const DEMO_CUSTOMER = { email: 'zakaznik@example.cz', password: 'Demo-heslo-2026' };

// ---------------------------------------------------------------- databases

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: no PostgreSQL server to run on.');
  return url;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrlOf(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the TEST_DATABASE_URL server, empty or a copy of `template`. */
async function createServerDatabase(template?: string): Promise<string> {
  const name = `shop_security_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return name;
}

export async function dropServerDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** The embedded database's connection URL: its Unix socket in DATA_DIR/run (bff/src/db/embedded.ts). */
function embeddedUrl(dataDir: string): string {
  return `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(path.join(dataDir, 'run'))}&sslmode=disable`;
}

// ---------------------------------------------------------------- processes and ports

/** A port that was free a moment ago (the server cannot take PORT=0: it prints PUBLIC_URL from it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The process and all its descendants (tsx runs the server in a child node process). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pids[i]}/task`);
    } catch {
      continue; // gone
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return pids;
}

/** Listening TCP sockets of this network namespace: inode -> port (IPv4 and IPv6). */
function listeningTcpSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state] = fields;
      if (state === '0A') sockets.set(fields[9], parseInt(local.split(':')[1], 16)); // 0A = LISTEN
    }
  }
  return sockets;
}

/** The TCP ports the processes listen on, found through their file descriptors' socket inodes. */
export function listeningTcpPorts(pids: number[]): number[] {
  const listening = listeningTcpSockets();
  const ports = new Set<number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && listening.has(inode)) ports.add(listening.get(inode)!);
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** CPU seconds the processes have used so far (utime + stime from /proc, in clock ticks of 1/100 s). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

// ---------------------------------------------------------------- the server

/**
 * Compiles the BFF into build/bff/server.js from the sources as they are now (what `npm run build`
 * does after the pages), so that a suite never runs a stale compiled server. Half a second.
 */
export function compileBff(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
}

/**
 * What `npm start` runs, without npm in between: package.json's start script (e.g.
 * `NODE_ENV=production node build/bff/server.js`) split into its variables, program and arguments,
 * the program taken from node_modules/.bin as npm would. Only that simple shape is understood.
 */
export function startCommand(): { program: string; args: string[]; env: Record<string, string> } {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  if (/[|&;<>$`"'\\]/.test(script)) throw new Error(`The start script "${script}" is more than variables and one command.`);
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name] = value.join('=');
  }
  if (words[0] === 'exec') words.shift(); // the shell's exec: the program replaces npm's shell
  const [program, ...args] = words;
  const local = path.join(ROOT, 'node_modules/.bin', program);
  return { program: existsSync(local) ? local : program, args, env };
}

export type ProductionServer = {
  kind: DatabaseKind;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The shop's own origin as configured (PUBLIC_URL's default, http://localhost:<port>). */
  publicOrigin: string;
  /** The process that was started, as `npm start` starts it (with tsx, a child node process runs the shop). */
  pid: number;
  dataDir: string;
  /** The database a test can open with pg: the server database, or the embedded one's socket. */
  databaseUrl: string;
  /** The environment the server runs with (so that `npm run token` reaches the same database). */
  env: NodeJS.ProcessEnv;
  /** TCP ports the server's processes listened on right after it became ready. */
  portsAtStart: number[];
  /** What the server printed so far (stdout and stderr). */
  output: () => string;
  /** One SQL statement on the shop's database, through a connection of its own. */
  sql: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  /** Resolves with the exit code and signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to its process group, wait for the exit, then remove its data (unless keepData). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type StartOptions = {
  /** A seeded copy source from global-setup.ts; without it the first start seeds the demo catalog. */
  template?: string;
  /** Extra environment, e.g. { CORS_ORIGINS: 'https://partner.example' }. */
  env?: Record<string, string>;
  /** How long the start may take (a first start seeds the catalog). */
  timeoutMs?: number;
  /** Start it as README says, `npm start` (pid is then npm's); otherwise the start script's command itself. */
  npm?: boolean;
};

/** Only what a shell of the shop's owner would pass on: no test runner variables (VITEST, NODE_ENV=test). */
function baseEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'USER'];
  return Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
}

const running = new Set<ChildProcess>();

/** SIGKILL for the server's whole process group (tsx and the node process it starts). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

// a test run that dies must not leave shops behind
process.once('exit', () => {
  for (const child of running) killGroup(child);
});

export async function startProductionServer(kind: DatabaseKind, options: StartOptions = {}): Promise<ProductionServer> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js')) || !existsSync(path.join(ROOT, 'build/bff/server.js'))) {
    throw new Error('No production build: run `npm run build` (npm test does it) before the security tests.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-sec-'));
  let databaseName: string | null = null;
  const template = options.template;
  if (kind === 'pglite' && template) {
    // a copy of a stopped shop's DATA_DIR, without what belonged to that run (socket folder, lock)
    const ofThatRun = new Set(['run', 'embedded.lock'].map((name) => path.join(template, name)));
    cpSync(template, dataDir, { recursive: true, filter: (source) => !ofThatRun.has(source) });
  }
  if (kind === 'postgres') databaseName = await createServerDatabase(template);
  const port = await freePort();
  const start = startCommand();
  const env: NodeJS.ProcessEnv = {
    ...baseEnvironment(),
    ...start.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseName ? { DATABASE_URL: databaseUrlOf(databaseName) } : {}),
    // no load balancer watches /ready here: a stop need not wait the default 5 s
    SHUTDOWN_DRAIN_MS: '200',
    ...options.env,
  };
  // its own process group, so that nothing of it outlives the test (see killGroup); signals for
  // the shop itself go to `pid`, the process a process manager would have started
  const [program, args] = options.npm ? ['npm', ['start']] : [start.program, start.args];
  const child = spawn(program, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) await dropServerDatabase(databaseName);
  };

  // ready = the start line is printed and /ready answers 200
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  let ready = false;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!ready && !stopped && Date.now() < deadline) {
    if (output.includes('Shop ready at')) {
      try {
        ready = (await fetch(`${url}/ready`)).status === 200;
      } catch {
        // not listening yet
      }
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    killGroup(child);
    await exited;
    await cleanUp();
    throw new Error(`The production server did not start (${kind}):\n${output}`);
  }

  const databaseUrl = databaseName ? databaseUrlOf(databaseName) : embeddedUrl(dataDir);
  return {
    kind,
    url,
    port,
    publicOrigin: `http://localhost:${port}`,
    pid: child.pid!,
    dataDir,
    databaseUrl,
    env,
    portsAtStart: listeningTcpPorts(processTree(child.pid!)),
    output: () => output,
    async sql<T>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    exited,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        // to the whole group, as systemd or a terminal's Ctrl-C do: the shop gets it even while busy
        process.kill(-child.pid!, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child), 20_000);
        await exited;
        clearTimeout(timer);
      }
      killGroup(child); // anything tsx left behind
      if (!keepData) await cleanUp();
    },
  };
}

/**
 * Starts something (a server and what a test needs of it) for every key at once, the first time any
 * key is asked for: a file's describe blocks take theirs one after the other, but nobody waits for
 * a second start. `settle` visits everything that was started (for the file's last clean-up).
 */
export class InParallel<K extends string, T> {
  private started: Map<K, Promise<T>> | null = null;

  constructor(
    private readonly keys: readonly K[],
    private readonly start: (key: K) => Promise<T>,
  ) {}

  get(key: K): Promise<T> {
    this.started ??= new Map(
      this.keys.map((k) => {
        const promise = this.start(k);
        promise.catch(() => undefined); // reported by whoever awaits it
        return [k, promise] as const;
      }),
    );
    const found = this.started.get(key);
    if (!found) throw new Error(`Nothing is started for ${key}`);
    return found;
  }

  /** Waits until every start has finished (or failed), so that no start competes with the tests for the CPU. */
  async allStarted(): Promise<void> {
    if (!this.started) throw new Error('Nothing was started yet');
    await Promise.allSettled(this.started.values());
  }

  async settle(visit: (value: T) => Promise<void>): Promise<void> {
    for (const promise of this.started?.values() ?? []) await promise.then(visit, () => undefined);
  }
}

/**
 * Starts a shop that seeds the demo catalog, stops it and returns what later starts copy: its
 * DATA_DIR, or the name of its server database (global-setup.ts removes both at the end).
 */
export async function seedTemplate(kind: DatabaseKind): Promise<string> {
  const server = await startProductionServer(kind, { timeoutMs: 480_000 });
  await server.stop({ keepData: true });
  if (kind === 'pglite') return server.dataDir;
  rmSync(server.dataDir, { recursive: true, force: true }); // only its session secret: the data is in the database
  return new URL(server.databaseUrl).pathname.slice(1);
}

export async function removeTemplate(kind: DatabaseKind, template: string): Promise<void> {
  if (kind === 'pglite') rmSync(template, { recursive: true, force: true });
  else await dropServerDatabase(template);
}

// ---------------------------------------------------------------- partner tokens

/** `npm run token -- create ...` against the server's database; returns the token it prints. */
export async function createPartnerToken(server: ProductionServer, name: string, scopes: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'token', '--', 'create', '--name', name, '--scopes', scopes.join(',')], {
    cwd: ROOT,
    env: server.env,
    timeout: 120_000,
  });
  const token = /shp_[0-9a-f]{8}_[0-9a-f]{64}/.exec(stdout)?.[0];
  if (!token) throw new Error(`npm run token printed no token:\n${stdout}`);
  return token;
}

// ---------------------------------------------------------------- clients

export type GraphQLBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

export type Answer = { status: number; headers: Headers; body: GraphQLBody; text: string; ms: number };

async function answer(response: Response, started: number): Promise<Answer> {
  const text = await response.text();
  let body: GraphQLBody = {};
  try {
    body = JSON.parse(text) as GraphQLBody;
  } catch {
    // not JSON (a proxy page, an HTML error): kept in text
  }
  return { status: response.status, headers: response.headers, body, text, ms: performance.now() - started };
}

/** The request body the web app sends: the operation's persisted hash, never its text. */
export function persistedBody(operationName: string, variables: Record<string, unknown> = {}) {
  const sha256Hash = operationHashes[operationName];
  if (!sha256Hash) throw new Error(`No persisted document named ${operationName}`);
  return { operationName, variables, extensions: { persistedQuery: { version: 1, sha256Hash } } };
}

/** A browser on the shop's own pages: keeps cookies, fetches the CSRF cookie before its first POST. */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** When set, a request without an answer after this long is given up (an error for the caller). */
  timeoutMs: number | null = null;

  constructor(
    readonly server: Pick<ProductionServer, 'url'>,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The session id inside the signed `sid` cookie (s:<id>.<signature>), if any. */
  get sessionId(): string | undefined {
    const value = this.cookies.get('sid');
    if (!value) return undefined;
    const decoded = decodeURIComponent(value);
    return decoded.startsWith('s:') ? decoded.slice(2, decoded.lastIndexOf('.')) : decoded;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.defaultHeaders)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const signal = this.timeoutMs === null ? undefined : AbortSignal.timeout(this.timeoutMs);
    const response = await fetch(this.server.url + pathname, { redirect: 'manual', signal, ...init, headers });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1).trim());
    }
    return response;
  }

  async csrfToken(): Promise<string> {
    if (!this.cookies.has('XSRF-TOKEN')) {
      const response = await this.fetch('/api/csrf-cookie');
      if (response.status !== 204) throw new Error(`/api/csrf-cookie answered ${response.status}`);
    }
    return this.cookies.get('XSRF-TOKEN')!;
  }

  /** POST /graphql as the shop's own page does: same origin, CSRF header, cookies. */
  async post(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const token = await this.csrfToken();
    const started = performance.now();
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.server.url, 'sec-fetch-site': 'same-origin', 'x-xsrf-token': token, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return answer(response, started);
  }

  /** One of the web app's persisted operations, by hash. */
  operation(operationName: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.post(persistedBody(operationName, variables), headers);
  }
}

/** A partner app's request: bearer token, any document, no cookies of its own. */
export async function partnerRequest(
  server: Pick<ProductionServer, 'url'>,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return answer(response, started);
}

/** A bare POST /graphql with no cookies and no token (a script, curl). */
export async function anonymousPost(server: Pick<ProductionServer, 'url'>, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answer(response, started);
}
