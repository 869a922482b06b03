// Local stand-ins for the comparison sites' server-side endpoints (docs/marketing.md), so no test
// reaches the internet:
// - Heureka "Ověřeno zákazníky": POST /shop-certification/v2/order/log with JSON
//   { apiKey, email, orderId, productItemIds } -> 200 {"code":200,"message":"ok"}; 401 for a key it
//   does not know, 415 for a body that is not application/json, 400 for missing fields;
// - Zboží.cz: POST /action/{shopId}/conversion/backend with JSON { PRIVATE_KEY, orderId, email, cart … }
//   -> 200 {"status":200}; 401 for a wrong shop id or key, 415 and 400 as above.
// A test may force the next answers (`failWith`: any status, or 'hang' for one that never answers)
// and reads what was asked (`requests`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { path: string; contentType: string; body: unknown };
export type Forced = number | 'hang';

export type FakeConversionEndpoint = {
  /** The address to configure (HEUREKA_ORDER_LOG_URL, ZBOZI_CONVERSION_URL). */
  url: string;
  /** Every request received, answered or not. */
  requests: FakeRequest[];
  /** The next requests are answered with these, in turn (then normally again). */
  failWith: Forced[];
  close: () => Promise<void>;
};

type Judge = (path: string, body: Record<string, unknown>) => { status: number; body: unknown };

async function startFake(urlPath: string, judge: Judge): Promise<FakeConversionEndpoint> {
  const requests: FakeRequest[] = [];
  const failWith: Forced[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const contentType = request.headers['content-type'] ?? '';
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the answer below says it is no JSON
      }
      const path = (request.url ?? '').split('?')[0];
      requests.push({ path, contentType, body });
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      const forced = failWith.shift();
      if (forced === 'hang') {
        hanging.add(response);
        return;
      }
      if (forced !== undefined) return send(forced, { code: forced, message: 'forced by the test' });
      if (request.method !== 'POST') return send(405, { code: 405, message: 'method not allowed' });
      if (!contentType.startsWith('application/json')) return send(415, { code: 415, message: 'unsupported media type' });
      if (typeof body !== 'object' || body === null) return send(400, { code: 400, message: 'invalid JSON' });
      const judged = judge(path, body as Record<string, unknown>);
      send(judged.status, judged.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${urlPath}`,
    requests,
    failWith,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const FAKE_HEUREKA_KEY = 'fake-heureka-verified-key-0123456789';

/** Heureka's order log at …/shop-certification/v2/order/log, knowing one API key. */
export function startFakeHeurekaOrderLog(apiKey = FAKE_HEUREKA_KEY): Promise<FakeConversionEndpoint> {
  return startFake('/shop-certification/v2/order/log', (path, body) => {
    if (path !== '/shop-certification/v2/order/log') return { status: 404, body: { code: 404, message: 'not found' } };
    if (body.apiKey !== apiKey) return { status: 401, body: { code: 401, message: 'unknown api key' } };
    const ids = body.productItemIds;
    if (typeof body.email !== 'string' || !body.email.includes('@') || body.orderId === undefined || !Array.isArray(ids)) {
      return { status: 400, body: { code: 400, message: 'bad request' } };
    }
    return { status: 200, body: { code: 200, message: 'ok' } };
  });
}

export const FAKE_ZBOZI_SHOP_ID = '123456';
export const FAKE_ZBOZI_KEY = 'fake-zbozi-private-key-0123456789';

/** Zboží's backend conversion at …/action/{shopId}/conversion/backend ({shopId} left for the shop to fill). */
export async function startFakeZboziConversion(shopId = FAKE_ZBOZI_SHOP_ID, privateKey = FAKE_ZBOZI_KEY): Promise<FakeConversionEndpoint> {
  const fake = await startFake('/action/{shopId}/conversion/backend', (path, body) => {
    if (path !== `/action/${shopId}/conversion/backend` || body.PRIVATE_KEY !== privateKey) return { status: 401, body: { status: 401, statusMessage: 'unauthorized' } };
    if (typeof body.orderId !== 'string' || !Array.isArray(body.cart)) return { status: 400, body: { status: 400, statusMessage: 'bad request' } };
    return { status: 200, body: { status: 200 } };
  });
  return fake;
}
