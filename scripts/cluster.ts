// A shop of several instances on this machine (issue 25): nginx in front of production instances
// that share one PostgreSQL and one Redis, each of them a process of its own in one folder.
// `npm run cluster` starts one to try it out (docs/deployment.md); the fault suite (tests/faults)
// starts one and breaks its parts. Needs `npm run build`, and PostgreSQL, Redis and nginx installed
// (Debian: postgresql, redis-server, nginx); nothing of the machine's own services is touched.
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '..');
const isRoot = process.getuid?.() === 0;

/** What must not outlive this process if it ends without stopping the cluster (a test run that dies). */
const leftovers = new Set<() => void>();
process.once('exit', () => {
  for (const cleanUp of leftovers) cleanUp();
});

/** Whether 127.0.0.1:`port` can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The lowest port of the range the kernel hands out by itself (Linux: /proc; 32768 is its default). */
function ephemeralPortsFrom(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * `count` different ports that were free a moment ago, below the kernel's ephemeral range. The
 * cluster listens on them again after each restart (an instance, PostgreSQL, Redis): a port the kernel
 * could hand out by itself (to any program's connect() or listen on port 0) may be taken by then,
 * and the restarted process fails with EADDRINUSE.
 */
export async function freePorts(count: number): Promise<number[]> {
  const lowest = 10_000;
  const below = Math.max(ephemeralPortsFrom(), lowest + 1000);
  const ports: number[] = [];
  for (let attempt = 0; ports.length < count; attempt++) {
    if (attempt >= 100 * count) throw new Error(`No ${count} free ports between ${lowest} and ${below}`);
    const port = lowest + Math.floor(Math.random() * (below - lowest));
    if (!ports.includes(port) && (await canListen(port))) ports.push(port);
  }
  return ports;
}

/**
 * Waits until `condition` holds (its errors count as "not yet": a port not open yet). `failed` is
 * asked first each round: a process that exited while starting fails the wait at once, with its reason.
 */
async function waitFor(what: string, condition: () => Promise<boolean>, { timeoutMs = 60_000, failed = (): Error | null => null } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = failed();
    if (failure) throw failure;
    if (await condition().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function postgresBin(program: string): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => `/usr/lib/postgresql/${version}/bin/${program}`).find(existsSync);
  if (!found) throw new Error(`PostgreSQL's ${program} was not found (Debian: apt-get install postgresql)`);
  return found;
}

/**
 * Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses to run as root),
 * without blocking: the shop's shoppers go on meanwhile.
 */
async function asPostgres(program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', postgresBin(program), ...args]] : [postgresBin(program), args];
  await promisify(execFile)(command, commandArgs);
}

export type ClusterPostgres = {
  port: number;
  url: (database: string) => string;
  restart: () => Promise<void>;
  /** Starts it again after stop(). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A PostgreSQL server of the cluster's own in `dir` (made on the first start), on 127.0.0.1:`port`. */
export async function startPostgres(dir: string, port: number): Promise<ClusterPostgres> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    // the postgres user must reach its folder through ours (mkdtemp makes it 0700)
    if (isRoot) chmodSync(path.dirname(dir), 0o711);
    if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    await asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  // a trial and test cluster: no fsync (a machine crash may lose it, a process crash does not)
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off`;
  // the server's output to its log file: with pg_ctl's own, it would hold pg_ctl's pipe open
  const log = path.join(dir, 'server.log');
  const stopNow = () => {
    const [command, args] = isRoot ? ['runuser', ['-u', 'postgres', '--', postgresBin('pg_ctl')]] : [postgresBin('pg_ctl'), []];
    try {
      execFileSync(command, [...args, '-D', dir, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    } catch {
      // not running
    }
  };
  const start = async () => {
    await asPostgres('pg_ctl', ['-D', dir, '-l', log, '-o', options, '-w', 'start']);
    leftovers.add(stopNow);
  };
  await start();
  return {
    port,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    // a fast restart: open connections are closed, as when the server fails over or is updated
    restart: () => asPostgres('pg_ctl', ['-D', dir, '-l', log, '-o', options, '-m', 'fast', '-w', 'restart']),
    start,
    stop: async () => {
      leftovers.delete(stopNow);
      await asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

export type ClusterRedis = { port: number; url: string; start: () => Promise<void>; stop: () => Promise<void> };

/** A Redis of the cluster's own on 127.0.0.1:`port`, keeping nothing on disk (as the machine's). */
export async function startRedis(port: number): Promise<ClusterRedis> {
  let child: ChildProcess | null = null;
  const redis: ClusterRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      let output = '';
      started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.once('error', (error) => (output += `${error.message} (Debian: apt-get install redis-server)`));
      const kill = () => started.kill('SIGKILL');
      leftovers.add(kill);
      started.once('exit', () => leftovers.delete(kill));
      await waitFor('Redis', () => tcpOpen(port), {
        failed: () => (started.exitCode !== null || started.signalCode !== null || output.includes('ENOENT') ? new Error(`Redis did not start:\n${output.slice(-2000)}`) : null),
      });
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  await redis.start();
  return redis;
}

export type ShopInstance = {
  name: string;
  port: number;
  /** Its DATA_DIR (e-mails go to its mail/ folder when SMTP_URL is not set). */
  dataDir: string;
  pid: () => number;
  output: () => string;
  /** Starts it (again), resolving once /ready answers 200. */
  start: () => Promise<void>;
  /** Sends a signal and waits for the exit: SIGTERM drains, SIGKILL is a crash. */
  signal: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** One production instance (`node build/bff/server.js`, as `npm start`) on 127.0.0.1:`port`. */
export function shopInstance(name: string, port: number, dataDir: string, env: Record<string, string>): ShopInstance {
  let child: ChildProcess | null = null;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: 0, signal: null });
  let output = '';
  const instance: ShopInstance = {
    name,
    port,
    dataDir,
    pid: () => child?.pid ?? 0,
    output: () => output,
    async start() {
      mkdirSync(dataDir, { recursive: true });
      child = spawn(process.execPath, ['--max-semi-space-size=64', 'build/bff/server.js'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const current = child;
      const kill = () => current.kill('SIGKILL');
      leftovers.add(kill);
      exited = new Promise((resolve) => current.once('exit', (code, signal) => (leftovers.delete(kill), resolve({ code, signal }))));
      // an instance that exits while starting (a start error, a port taken, a signal) fails the start at
      // once with its exit and output; the probe's own timeout keeps a connection that never answers
      // from holding the wait past its deadline
      let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      void exited.then((how) => (exit = how));
      try {
        await waitFor(`${name} (port ${port})`, async () => (await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(5000) })).status === 200, {
          timeoutMs: 240_000,
          failed: () => (exit ? new Error(`${name} exited while starting (${exit.signal ?? `exit code ${exit.code}`})`) : null),
        });
      } catch (error) {
        // what it wrote says where its start stopped
        throw new Error(`${(error as Error).message}\n${name}'s last output:\n${output.slice(-3000)}`, { cause: error });
      }
    },
    async signal(signal) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return instance;
}

export type ClusterNginx = {
  port: number;
  url: string;
  /** Its error log: why it answered 502 (an instance refused, reset or timed out). */
  errorLog: string;
  /**
   * Sends nothing more to the instance on `upstreamPort` (marked `down`, configuration reloaded),
   * resolving once nginx's new worker runs: what the old one had sent finishes meanwhile. nginx
   * does not ask `/ready`, so this is how a deployment takes an instance out before its SIGTERM.
   */
  takeOut: (upstreamPort: number) => Promise<void>;
  /** Sends to it again (after it is ready). */
  putBack: (upstreamPort: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * nginx's configuration for the cluster: on 127.0.0.1:`port`, balancing over the instances' ports,
 * those in `down` taken out (docs/deployment.md shows its server block).
 */
export function nginxConfig(dir: string, port: number, upstreamPorts: number[], down: number[] = []): string {
  return `# written by scripts/cluster.ts
${isRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
    # nginx never takes an instance out for its failures (max_fails=0): one that is down refuses the
    # connection at once and the request goes to the next (proxy_next_upstream below), and one back
    # from a restart gets requests from its first moment. Taken out for fail_timeout, an instance
    # restarted within that time was still skipped: had the other one died then, nginx had none to
    # ask (every request its 502, "no live upstreams"; issue 40, item 11)
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0${down.includes(upstream) ? ' down' : ''};`).join('\n')}
    keepalive 16;
    # below the shop's keep-alive timeout (Node's 5 s): nginx closes an idle connection before the
    # instance does. Otherwise a request nginx sends on a connection the instance is closing meets a
    # reset (a POST then is nginx's 502), and the instance counts as failed
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 1m;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # an instance that cannot be reached is skipped; nginx repeats only requests that change
      # nothing (GET, HEAD): a POST that reached an instance is never sent twice. The shop's own 503
      # (its database is away) goes to the shopper as it is: a page in her language with Retry-After,
      # and the instance is not taken for dead, so nginx never has no instance left to ask
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** nginx on 127.0.0.1:`port`, balancing over the instances' ports; its files in `dir`. */
export async function startNginx(dir: string, port: number, upstreamPorts: number[]): Promise<ClusterNginx> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreamPorts));
  let program = 'nginx';
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) program = candidate;
  const child = spawn(program, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const kill = () => child.kill('SIGKILL');
  leftovers.add(kill);
  const exited = new Promise((resolve) => child.once('exit', (code) => (leftovers.delete(kill), resolve(code))));
  child.once('error', (error) => (errors += `${error.message} (Debian: apt-get install nginx)`));
  await waitFor('nginx', () => tcpOpen(port), {
    failed: () => (child.exitCode !== null || errors.includes('ENOENT') ? new Error(`nginx did not start: ${errors}`) : null),
  });
  // the instances taken out; a reload (SIGHUP) reads the configuration again, starts a new worker
  // with it and lets the old one finish its requests
  const down = new Set<number>();
  const reload = async () => {
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreamPorts, [...down]));
    const before = childrenOf(child.pid!);
    child.kill('SIGHUP');
    await waitFor('nginx reloaded', async () => childrenOf(child.pid!).some((pid) => !before.includes(pid)), {
      timeoutMs: 10_000,
      failed: () => (child.exitCode !== null ? new Error(`nginx exited while reloading: ${errors}`) : null),
    });
  };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    errorLog: path.join(dir, 'error.log'),
    async takeOut(upstreamPort) {
      down.add(upstreamPort);
      await reload();
    },
    async putBack(upstreamPort) {
      down.delete(upstreamPort);
      await reload();
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT'); // graceful: finishes what it is sending
      await exited;
    },
  };
}

/** The processes whose parent is `pid`, a single-threaded process such as nginx's master (Linux: /proc). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

export type Cluster = {
  dir: string;
  url: string;
  postgres: ClusterPostgres;
  redis: ClusterRedis;
  instances: ShopInstance[];
  nginx: ClusterNginx;
  /**
   * Stops everything; `remove`: and deletes the cluster's folder (its database, e-mails, logs), or
   * with `keepLogs` everything in it but a `logs` folder: nginx's error log, each instance's output
   * and PostgreSQL's log, whose path it returns.
   */
  stop: (options?: { remove?: boolean; keepLogs?: boolean }) => Promise<string | null>;
};

/** Copies what the cluster's processes wrote into `dir`/logs (made anew) and returns its path. */
function saveLogs(dir: string, shops: ShopInstance[]): string {
  const logs = path.join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  for (const [from, to] of [
    [path.join(dir, 'nginx', 'error.log'), 'nginx-error.log'],
    [path.join(dir, 'postgres', 'server.log'), 'postgres.log'],
  ]) {
    if (existsSync(from)) copyFileSync(from, path.join(logs, to));
  }
  for (const shop of shops) writeFileSync(path.join(logs, `${shop.name.replaceAll(' ', '-')}.log`), shop.output());
  return logs;
}

/**
 * PostgreSQL, Redis, `instances` shop instances started together on the new database (they migrate
 * and seed it once, under the start-up lock) and nginx in front of them.
 */
export async function startCluster({ instances = 2, dir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-')), env = {} as Record<string, string> } = {}): Promise<Cluster> {
  if (!existsSync(path.join(ROOT, 'build/bff/server.js'))) throw new Error('No production build: run `npm run build` first.');
  const [postgresPort, redisPort, nginxPort, ...instancePorts] = await freePorts(3 + instances);
  const postgres = await startPostgres(path.join(dir, 'postgres'), postgresPort);
  const redis = await startRedis(redisPort);
  execFileSync(postgresBin('createdb'), ['-h', '127.0.0.1', '-p', String(postgresPort), '-U', 'postgres', 'shop'], { stdio: 'pipe' });
  const url = `http://127.0.0.1:${nginxPort}`;
  const shared = {
    DATABASE_URL: postgres.url('shop'),
    REDIS_URL: redis.url,
    PUBLIC_URL: url,
    // every instance must sign and read the same session cookies
    SESSION_SECRET: 'cluster-session-secret-of-this-trial-0123456789',
    ...env,
  };
  const shops = instancePorts.map((port, index) => shopInstance(`instance ${index + 1}`, port, path.join(dir, `instance-${index + 1}`), shared));
  const stopAll = async ({ remove = false, keepLogs = false } = {}) => {
    for (const shop of shops) await shop.signal('SIGTERM');
    await nginx?.stop();
    await redis.stop();
    await postgres.stop();
    const logs = keepLogs ? saveLogs(dir, shops) : null;
    if (remove && logs) {
      for (const name of readdirSync(dir)) if (name !== 'logs') rmSync(path.join(dir, name), { recursive: true, force: true });
    } else if (remove) {
      rmSync(dir, { recursive: true, force: true });
    }
    return logs;
  };
  let nginx: ClusterNginx | undefined;
  try {
    await Promise.all(shops.map((shop) => shop.start()));
    nginx = await startNginx(path.join(dir, 'nginx'), nginxPort, instancePorts);
  } catch (error) {
    await stopAll({ remove: true }).catch(() => undefined);
    throw error;
  }
  return { dir, url, postgres, redis, instances: shops, nginx, stop: stopAll };
}

// `npm run cluster`: starts one and keeps it until Ctrl-C
if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const cluster = await startCluster({ instances: Number(process.env.INSTANCES) || 2 });
  console.log(`Shop cluster ready in ${Math.round((Date.now() - started) / 1000)} s: ${cluster.url}`);
  for (const shop of cluster.instances) console.log(`  ${shop.name}: http://127.0.0.1:${shop.port} (pid ${shop.pid()}, data ${shop.dataDir})`);
  console.log(`  PostgreSQL: ${cluster.postgres.url('shop')}\n  Redis: ${cluster.redis.url}\n  files: ${cluster.dir}\nCtrl-C stops everything.`);
  const stop = async () => {
    console.log('Stopping the cluster');
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
