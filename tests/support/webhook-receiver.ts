// A partner's webhook receiver on loopback for the tests: it records each delivery and answers 200, and
// verifies a delivery as Standard Webhooks 1.0 says, written here from the spec (not with the shop's
// signWebhook): the key is the base64 after `whsec_`, the signed content `${webhook-id}.${webhook-timestamp}.${body}`,
// the header a space-separated list of `v1,<base64 HMAC-SHA256>`, a timestamp more than 5 minutes
// from now refused. (tests/integration/webhooks.test.ts has a receiver of its own with failure modes, and
// verifies with this one.)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = { url: string; received: ReceivedWebhook[]; close: () => Promise<void> };

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string, nowSeconds = Date.now() / 1000): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
