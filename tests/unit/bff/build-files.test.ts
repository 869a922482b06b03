// Issue 41, item 3: the build's files are served, and a page's path is never looked up in the file
// system (a `stat` on every page was 2 % of a render).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFiles } from '../../../bff/src/http/build-files.ts';

let server: Server | undefined;
let dir = '';
afterEach(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('buildFiles', () => {
  it('serves the files the build holds at its top, and hands every other path on without looking', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'build-files-'));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    mkdirSync(path.join(dir, 'images'));
    writeFileSync(path.join(dir, 'images', 'logo.svg'), '<svg id="logo"/>');
    const app = express();
    app.use(buildFiles(dir, { maxAge: '1h' }));
    app.use((req, res) => void res.status(200).send(`page ${req.path}`));
    server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // a file that appears later at the top is not looked up: the entries were read once
    writeFileSync(path.join(dir, 'kategorie'), 'not a page');
    const answers = await Promise.all(['/favicon.svg', '/images/logo.svg', '/kategorie', '/produkt/sala'].map(async (p) => [p, await (await fetch(url + p)).text()]));
    expect(answers).toEqual([
      ['/favicon.svg', '<svg/>'],
      ['/images/logo.svg', '<svg id="logo"/>'],
      ['/kategorie', 'page /kategorie'],
      ['/produkt/sala', 'page /produkt/sala'],
    ]);
  });
});
