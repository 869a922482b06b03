// `npm test` first checks what it needs besides Node.js (issue 40, item 26): a newcomer without
// Chromium, nginx, PostgreSQL or Redis is told exactly what is missing and how to install it, and the
// run stops at once instead of failing deep inside a suite.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_ALL, missingPrerequisites, prerequisitesMessage, probeMachine, type Probe } from '../../scripts/test-prerequisites.mjs';

const root = path.resolve(import.meta.dirname, '../..');

const everything: Probe = {
  chromiumPath: '/usr/bin/chromium-headless-shell',
  chromium: true,
  nginx: true,
  postgresPrograms: true,
  redisServer: true,
  redisUrl: 'redis://127.0.0.1:6379',
  redisProblem: null,
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres',
  databaseProblem: null,
  xmllint: true,
};

/** A port nothing listens on (taken and given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('what npm test needs', () => {
  it('nothing is missing on a machine that has everything', () => {
    expect(missingPrerequisites(everything)).toEqual([]);
    // without TEST_DATABASE_URL no PostgreSQL server is asked for
    expect(missingPrerequisites({ ...everything, databaseUrl: null, databaseProblem: 'connection refused' })).toEqual([]);
  });

  it('a fresh machine is told each missing thing with its package, and the one command installing them all', () => {
    const fresh: Probe = {
      ...everything,
      chromium: false,
      nginx: false,
      postgresPrograms: false,
      redisServer: false,
      redisProblem: 'connection refused (not running?)',
      databaseUrl: 'postgresql://postgres:tajne-heslo@127.0.0.1:5432/postgres',
      databaseProblem: 'connection refused (not running?)',
      xmllint: false,
    };
    const missing = missingPrerequisites(fresh);
    expect(missing).toHaveLength(7);
    expect(missing[0]).toBe('Chromium for the browser tests: nothing at /usr/bin/chromium-headless-shell (apt-get install chromium-headless-shell, or set CHROMIUM_PATH to a Chromium or Chrome)');
    expect(missing[1]).toBe('nginx for the fault suite: not installed (apt-get install nginx)');
    expect(missing[2]).toContain('(apt-get install postgresql)');
    expect(missing[3]).toBe('redis-server for the fault suite: not on the PATH (apt-get install redis-server)');
    expect(missing[4]).toMatch(/^a running Redis .* at redis:\/\/127\.0\.0\.1:6379: connection refused .*TEST_REDIS_URL/);
    expect(missing[5]).toMatch(/^a running PostgreSQL at TEST_DATABASE_URL \(postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:5432\/postgres\): connection refused/);
    expect(missing[6]).toBe('xmllint for the ISDOC schema check: not on the PATH (apt-get install libxml2-utils)');
    const message = prerequisitesMessage(missing);
    expect(message).toMatch(/^npm test cannot run on this machine yet: 7 things it needs are missing\./);
    expect(message).toContain(`everything at once: ${INSTALL_ALL}`);
    expect(INSTALL_ALL).toBe('apt-get install chromium-headless-shell nginx postgresql redis-server libxml2-utils');
    expect(message).toContain('.ci/run');
    expect(message).not.toContain('tajne-heslo');
    expect(prerequisitesMessage(missing.slice(0, 1))).toMatch(/one thing it needs is missing/);
  });

  it('looks at the machine: a Chromium, Redis or PostgreSQL where there is none is found missing', async () => {
    const port = await closedPort();
    const probe = await probeMachine({
      CHROMIUM_PATH: '/nonexistent/chromium',
      TEST_REDIS_URL: `redis://127.0.0.1:${port}`,
      TEST_DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    });
    expect(probe).toMatchObject({ chromium: false, chromiumPath: '/nonexistent/chromium', redisProblem: 'connection refused (not running?)' });
    expect(probe.databaseProblem).toMatch(/connection refused|ECONNREFUSED/);
  });

  it('npm test (scripts/test.mjs) stops at once with the message, before any step runs', async () => {
    const port = await closedPort();
    // in a process group of its own: should the check not stop it, the steps it started are ended with it
    const child = spawn(process.execPath, [path.join(root, 'scripts/test.mjs')], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', TEST_REDIS_URL: `redis://127.0.0.1:${port}`, TEST_DATABASE_URL: '' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run = { stdout: '', stderr: '', status: null as number | null };
    child.stdout.on('data', (chunk) => (run.stdout += chunk));
    child.stderr.on('data', (chunk) => (run.stderr += chunk));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    run.status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm test cannot run on this machine yet');
    expect(run.stderr).toContain('Chromium for the browser tests: nothing at /nonexistent/chromium');
    expect(run.stderr).toContain(`a running Redis (7.0 or later) for the rate limit and cache tests at redis://127.0.0.1:${port}`);
    expect(run.stdout).not.toContain('===');
  });
});
