// Issue 41, item 3: the home page `/` is answered from the response cache in front of the app, as every
// other cached page is (it went through Express, sessions and the rest first: 0.61 ms per hit, 4.3 %
// of a bare server's rate); the app sends there only the requests it does not redirect to `/en`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createResponseCache } from '../../../bff/src/cache/response-cache.ts';
import { homeGoesToEnglish } from '../../../bff/src/http/language.ts';

const feed = { databaseReachable: true };
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let server: Server | undefined;
afterEach(() => void server?.close());

describe('the home page in front of the app', () => {
  it('a repeated visit to / is answered before the app', async () => {
    const cache = createResponseCache({ feed });
    let appRequests = 0;
    const app = express();
    app.use(cache.middleware);
    app.get('/', (_req, res) => void res.type('html').send('<h1>Domů</h1>'));
    server = createServer((req, res) => cache.front(req, res, () => ((appRequests += 1), app(req, res))));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answers = [];
    for (const path of ['/', '/', '/?utm_source=test', '/?utm_source=test']) {
      const response = await fetch(url + path);
      answers.push([response.headers.get('x-cache'), await response.text()]);
    }
    expect(answers).toEqual([
      ['MISS', '<h1>Domů</h1>'],
      ['HIT', '<h1>Domů</h1>'],
      ['MISS', '<h1>Domů</h1>'],
      ['HIT', '<h1>Domů</h1>'],
    ]);
    // the hits never reached the app
    expect(appRequests).toBe(2);
    await cache.close();
  });
});

describe('homeGoesToEnglish', () => {
  it('the remembered language first, then the browser’s; crawlers stay on the Czech page', () => {
    expect(homeGoesToEnglish({})).toBe(false);
    expect(homeGoesToEnglish({ 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8', 'user-agent': desktop })).toBe(false);
    expect(homeGoesToEnglish({ 'accept-language': 'en-GB,en;q=0.9,cs;q=0.5', 'user-agent': desktop })).toBe(true);
    expect(homeGoesToEnglish({ 'accept-language': 'en-GB', cookie: 'lang=cs', 'user-agent': desktop })).toBe(false);
    expect(homeGoesToEnglish({ 'accept-language': 'cs-CZ', cookie: 'sid=1; lang=en', 'user-agent': desktop })).toBe(true);
    expect(homeGoesToEnglish({ 'accept-language': 'en', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(false);
  });
});
