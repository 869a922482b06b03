// A small autocannon: N keep-alive connections send requests back to back for a while; the result is
// requests per second, latency percentiles and errors. Used by `npm run bench` for the shop and for
// the bare node:http baseline, measured in the same run so that only ratios are compared.
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export type LoadRequest = {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The machine's 1-minute load average when the measurement ended. */
  load: number;
};

export type LoadOptions = {
  connections?: number;
  durationMs?: number;
  /** Picks the request for each turn (mixed traffic); or one request for all. */
  request: LoadRequest | ((turn: number) => LoadRequest);
  /** A request that answers with another status counts as an error. */
  expectStatus?: number;
  /** Sleep between a connection's requests (think time of a shopper), ms range [min, max]. */
  pauseMs?: [number, number];
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function once(agent: http.Agent, base: URL, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: request.path,
        method: request.method ?? 'GET',
        headers: { ...(request.body ? { 'content-length': Buffer.byteLength(request.body) } : {}), ...request.headers },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(request.body);
  });
}

export async function load(baseUrl: string, options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const duration = options.durationMs ?? 5000;
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const pick = typeof options.request === 'function' ? options.request : () => options.request as LoadRequest;
  const latencies: number[] = [];
  let errors = 0;
  let turn = 0;
  const started = performance.now();
  const end = started + duration;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const request = pick(turn++);
        const t0 = performance.now();
        try {
          const status = await once(agent, base, request);
          if (status !== (options.expectStatus ?? 200)) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
        if (options.pauseMs) {
          const [min, max] = options.pauseMs;
          await new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    load: os.loadavg()[0],
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
