// Starts the floor app (server.ts) in a process of its own, as `npm start` runs the shop (production
// mode, the start script's node options), so that neither shares a thread with the load generator.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCommand } from '../../support/production-server.ts';
import type { FloorFixture } from './fixture.ts';

export type FloorApp = { url: string; pid: number; stop: () => Promise<void> };

export async function startFloorApp(fixture: FloorFixture): Promise<FloorApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-floor-'));
  const file = path.join(dir, 'fixture.json');
  writeFileSync(file, JSON.stringify(fixture));
  const start = startCommand();
  const nodeOptions = start.args.filter((arg) => arg.startsWith('--'));
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', path.join(import.meta.dirname, 'server.ts'), file], {
    env: { ...process.env, ...start.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready (\S+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      void exited.then((code) => reject(new Error(`the floor app exited ${code}:\n${output}`)));
    });
    return { url, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
