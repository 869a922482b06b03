// Issue 10: answers are compressed (brotli or gzip, as the browser accepts), the same bytes come back
// out, small answers and other types are left alone, and a static file is compressed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createCategory, createProduct } from '../support/factories.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  const category = await createCategory(app.prisma, { slug: { cs: 'dresy', en: 'jerseys' } });
  for (let i = 0; i < 12; i += 1) await createProduct(app.prisma, { category });
});

afterAll(async () => {
  await app?.close();
});

/** A raw request (fetch would decompress on its own): status, headers and the bytes as sent. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(app.url + path, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

const LIST = JSON.stringify({ query: '{ products(first: 12) { totalCount edges { node { name slug description price { withVat } } } } }' });
const post = (encoding: string) =>
  raw('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding }, body: LIST });

describe('compression', () => {
  it('answers GraphQL in brotli or gzip, decoding to the same JSON', async () => {
    const plain = await post('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString());
    expect(json.data.products.edges).toHaveLength(12);

    const br = await post('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);

    const gz = await post('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(json);
  });

  it('leaves small answers alone', async () => {
    const health = await raw('/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('compresses a static SVG once, with a weak ETag, and answers 304 to it', async () => {
    const path = '/images/stores/brno-centrum.svg';
    const first = await raw(path, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toMatch(/^W\//);
    expect(brotliDecompressSync(first.body).toString()).toContain('<svg');
    const second = await raw(path, { headers: { 'accept-encoding': 'br' } });
    expect(second.body.equals(first.body)).toBe(true);
    const notModified = await raw(path, { headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });
});
