// What `npm test` needs besides Node.js and `npm ci` (issue 40, item 26), checked before anything runs,
// so that a newcomer reads what is missing and how to get it instead of a failure deep inside a suite:
// - Chromium's headless shell for the browser tests (CHROMIUM_PATH, or Debian's
//   /usr/bin/chromium-headless-shell: the same engine without the desktop browser's profile, decision 0079);
// - nginx, PostgreSQL's programs and redis-server for the fault suite, which starts its own of each
//   (scripts/cluster.ts);
// - a running Redis for the rate limit and cache tests (TEST_REDIS_URL, or redis://127.0.0.1:6379);
// - a running PostgreSQL at TEST_DATABASE_URL when it is set (the integration tests' second pass);
// - xmllint (libxml2-utils), which checks the shop's ISDOC invoices against their schema.
// `missingPrerequisites` takes what was found (a probe), so that the message can be tested without
// the machine; `probeMachine` looks at this machine. .ci/run installs and starts all of it first.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { URL } from 'node:url';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const INSTALL_ALL = 'apt-get install chromium-headless-shell nginx postgresql redis-server libxml2-utils';
/** The Chromium the browser tests drive unless CHROMIUM_PATH names another (tests/support/browser.ts). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

/**
 * @typedef {object} Probe What was found on the machine.
 * @property {string} chromiumPath where the browser tests look for Chromium
 * @property {boolean} chromium whether it is there and executable
 * @property {boolean} nginx
 * @property {boolean} postgresPrograms initdb and pg_ctl under /usr/lib/postgresql/<version>/bin
 * @property {boolean} redisServer redis-server on the PATH
 * @property {string} redisUrl TEST_REDIS_URL or the default
 * @property {string | null} redisProblem why no Redis answered there, or null when one did
 * @property {string | null} databaseUrl TEST_DATABASE_URL, or null when not set
 * @property {string | null} databaseProblem why no PostgreSQL answered there, or null when one did (or none was asked for)
 * @property {boolean} xmllint xmllint on the PATH
 */

/** A URL with its password left out, for a message. */
export function withoutPassword(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/**
 * What is missing, one line each with how to get it; empty when nothing is.
 * @param {Probe} probe
 * @returns {string[]}
 */
export function missingPrerequisites(probe) {
  const missing = [];
  if (!probe.chromium) {
    missing.push(`Chromium for the browser tests: nothing at ${probe.chromiumPath} (apt-get install chromium-headless-shell, or set CHROMIUM_PATH to a Chromium or Chrome)`);
  }
  if (!probe.nginx) missing.push('nginx for the fault suite: not installed (apt-get install nginx)');
  if (!probe.postgresPrograms) {
    missing.push("PostgreSQL's programs for the fault suite (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin): not installed (apt-get install postgresql)");
  }
  if (!probe.redisServer) missing.push('redis-server for the fault suite: not on the PATH (apt-get install redis-server)');
  if (probe.redisProblem) {
    missing.push(
      `a running Redis (7.0 or later) for the rate limit and cache tests at ${withoutPassword(probe.redisUrl)}: ${probe.redisProblem} ` +
        '(start one: redis-server --daemonize yes --save "" --appendonly no; or set TEST_REDIS_URL to yours)',
    );
  }
  if (probe.databaseUrl && probe.databaseProblem) {
    missing.push(
      `a running PostgreSQL at TEST_DATABASE_URL (${withoutPassword(probe.databaseUrl)}): ${probe.databaseProblem} ` +
        '(start it: pg_ctlcluster <version> main start; or unset TEST_DATABASE_URL to run the integration tests on the embedded database only)',
    );
  }
  if (!probe.xmllint) missing.push('xmllint for the ISDOC schema check: not on the PATH (apt-get install libxml2-utils)');
  return missing;
}

/** The message for a newcomer: what is missing, how to install it all at once, and what .ci/run does. */
export function prerequisitesMessage(missing) {
  return [
    `npm test cannot run on this machine yet: ${missing.length === 1 ? 'one thing it needs is' : `${missing.length} things it needs are`} missing.`,
    ...missing.map((line) => `  - ${line}`),
    '',
    `On Debian or Ubuntu, everything at once: ${INSTALL_ALL}`,
    'then start PostgreSQL and Redis (or run .ci/run, which installs and starts them and runs npm test).',
    'The shop itself (npm run build && npm start) needs none of these.',
  ].join('\n');
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program, extra = []) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...extra];
  return dirs.some((dir) => executable(path.join(dir, program)));
}

function postgresPrograms() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((version) => ['initdb', 'pg_ctl'].every((program) => executable(path.join(root, version, 'bin', program))));
}

/** Whether something answers on the URL's host and port within the time; the reason when not. */
function tcpProblem(url, defaultPort, timeoutMs = 2000) {
  let host;
  let port;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    port = Number(parsed.port || defaultPort);
  } catch {
    return Promise.resolve('it is not a URL');
  }
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (problem) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(timeoutMs, () => done(`nothing answered within ${timeoutMs / 1000} s`));
    socket.once('connect', () => done(null));
    socket.once('error', (error) => done(error.code === 'ECONNREFUSED' ? 'connection refused (not running?)' : error.message));
  });
}

/**
 * A PostgreSQL that answers a query at the URL; the reason when not (refused, wrong password, no such
 * database). Falls back to a TCP check when the pg package is not installed yet.
 */
async function databaseProblem(url) {
  let pg;
  try {
    pg = (await import('pg')).default;
  } catch {
    return tcpProblem(url, 5432);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error.code === 'ECONNREFUSED' ? 'connection refused (not running?)' : error.message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @returns {Promise<Probe>} what this machine has */
export async function probeMachine(env = process.env) {
  const chromiumPath = env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  const redisUrl = env.TEST_REDIS_URL || DEFAULT_REDIS_URL;
  const databaseUrl = env.TEST_DATABASE_URL || null;
  const [redisProblem, dbProblem] = await Promise.all([tcpProblem(redisUrl, 6379), databaseUrl ? databaseProblem(databaseUrl) : null]);
  return {
    chromiumPath,
    chromium: executable(chromiumPath),
    nginx: ['/usr/sbin/nginx', '/usr/bin/nginx'].some(executable) || onPath('nginx'),
    postgresPrograms: postgresPrograms(),
    redisServer: onPath('redis-server'),
    redisUrl,
    redisProblem,
    databaseUrl,
    databaseProblem: dbProblem,
    xmllint: onPath('xmllint'),
  };
}
