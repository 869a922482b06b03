// The bench's load through wrk (the Debian package), where it is installed: the bench's own load
// generator (load.ts) tops out at 11–22k requests/s on a bare node:http server, below what a cached
// answer can reach, so it cannot tell the shop's limit from its own. wrk runs one thread here (the
// shop and the baseline are single node processes; the other core is wrk's) and reports, through the
// Lua `done` hook, the same figures as load.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadRequest, LoadResult } from './load.ts';

/** Whether `wrk` can be run on this machine. */
export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua string literal holding `text` as it is (a long bracket whose level does not occur in it). */
export function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  // a newline right after the opening bracket is dropped by Lua: the one added here, never the text's own
  return `[${level}[\n${text}]${level}]`;
}

/** The line wrk's `done` hook prints: requests, errors, p50, p95, p99 (µs), duration (µs). */
const RESULT_LINE = /^shop-bench (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/m;

/**
 * wrk's script for one request: its method, headers and body, and the figures printed when done.
 * Errors: failed connections, reads, writes, timeouts and answers with a status of 400 or more (a
 * `response` hook could count any other status than 200, but would run Lua for every response in
 * wrk's thread, and its count would not reach `done`, which runs in another Lua state).
 */
export function wrkScript(request: LoadRequest): string {
  const lines = [`wrk.method = ${luaString(request.method ?? 'GET')}`, `wrk.path = ${luaString(request.path)}`];
  // `[ [[` with a space: `[[[` would open a long string
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  if (request.body !== undefined) lines.push(`wrk.body = ${luaString(request.body)}`);
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("shop-bench %d %d %d %d %d %d\\n", summary.requests, e.connect + e.read + e.write + e.timeout + e.status,',
    '    latency:percentile(50), latency:percentile(95), latency:percentile(99), summary.duration))',
    'end',
  );
  return lines.join('\n') + '\n';
}

/** wrk's output read into the bench's figures (latencies in ms). */
export function parseWrkOutput(output: string, load = os.loadavg()[0]): LoadResult {
  const match = RESULT_LINE.exec(output);
  if (!match) throw new Error(`wrk printed no result:\n${output}`);
  const [requests, errors, p50, p95, p99, duration] = match.slice(1).map(Number);
  return { requests, errors, perSecond: requests / (duration / 1e6), p50: p50 / 1000, p95: p95 / 1000, p99: p99 / 1000, load };
}

/** `request` sent back to back over `connections` keep-alive connections for `durationMs`. */
export async function wrkLoad(baseUrl: string, options: { request: LoadRequest; durationMs: number; connections: number }): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-wrk-'));
  const script = path.join(dir, 'request.lua');
  writeFileSync(script, wrkScript(options.request));
  const seconds = Math.max(1, Math.round(options.durationMs / 1000));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '15s', '-s', script, baseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`))));
    });
    try {
      return parseWrkOutput(output);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nits script:\n${wrkScript(options.request)}`, { cause: error });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
