// An instance of the cluster (scripts/cluster.ts) that cannot start says so at once, and why. The
// fault suite once waited 240 s for a restarted instance that "did not come up": the wait took the
// instance's exit for "not ready yet" and polled on until its deadline (issue 25, decision 0037).
// cluster.test.ts starts one on a port another instance holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts, shopInstance } from '../../scripts/cluster.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-instance-start-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How long a start that fails may take to say so: the process's own start, never the 240 s wait for /ready. */
const FAILS_WITHIN_MS = 30_000;

async function failedStart(env: Record<string, string>) {
  const [port] = await freePorts(1);
  const instance = shopInstance('instance x', port, path.join(dir, `x-${Date.now()}`), { SEED_DEMO_DATA: 'false', ...env });
  const started = Date.now();
  const message = await instance.start().then(() => 'started', (error: Error) => error.message);
  await instance.signal('SIGKILL');
  return { message, ms: Date.now() - started };
}

describe('an instance that cannot start', () => {
  it('fails its start as soon as it exits, with its exit code and last output (a database that refuses)', async () => {
    const { message, ms } = await failedStart({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/shop' });
    expect(message).toMatch(/^instance x exited while starting \(exit code 1\)\ninstance x's last output:\n/);
    expect(message).toContain('The shop could not start');
    expect(message).toContain('ECONNREFUSED');
    expect(ms).toBeLessThan(FAILS_WITHIN_MS);
  }, 60_000);

});
