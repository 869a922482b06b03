// The cluster's ports (scripts/cluster.ts) are ports the kernel never hands out by itself: its
// instances, PostgreSQL and Redis listen on them again after each restart, and a port of the
// ephemeral range may meanwhile be taken by any program's connection or listen on port 0 (issue 25).
import { readFileSync, existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../../scripts/cluster.ts';

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';

describe("the cluster's ports", () => {
  it('are different, free, and below the range the kernel hands out by itself', async () => {
    const ports = await freePorts(8);
    expect(new Set(ports).size).toBe(8);
    const lowestEphemeral = existsSync(RANGE_FILE) ? Number(readFileSync(RANGE_FILE, 'utf8').trim().split(/\s+/)[0]) : 32_768;
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(lowestEphemeral);
    }
    // free: each can be listened on
    for (const port of ports) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a port the kernel handed to a connection cannot be listened on (why the range is avoided)', async () => {
    const target = createServer();
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const client = connect({ host: '127.0.0.1', port: (target.address() as { port: number }).port });
    await new Promise((resolve) => client.once('connect', resolve));
    const taken = createServer();
    const result = await new Promise<string>((resolve) => {
      taken.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      taken.listen(client.localPort, '127.0.0.1', () => resolve('listening'));
    });
    client.destroy();
    taken.close();
    target.close();
    expect(result).toBe('EADDRINUSE');
  });
});
