// One webhook POST, with the guards of requirement W2: the host is resolved and checked when the socket
// connects, and the socket connects to that checked address (services/webhook-addresses.ts
// checkedLookup); redirects are never followed (a 3xx is a failed attempt); the whole exchange has a
// time limit; at most maxResponseBytes of the answer are read (a receiver's answer is not ours to
// store, and an endless one must not hold the sender).
import http from 'node:http';
import https from 'node:https';
import { checkedLookup, parseWebhookUrl, type WebhookUrlPolicy } from '../services/webhook-addresses.ts';

export type WebhookHttpOptions = {
  policy: WebhookUrlPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
};

export type WebhookAnswer = { status: number };

/** POSTs the body; resolves with the answer's status (any status), rejects when there is none. */
export function postWebhook(urlText: string, headers: Record<string, string>, body: string, options: WebhookHttpOptions): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = parseWebhookUrl(urlText, options.policy); // literal addresses: Node connects to them without a lookup
    } catch (error) {
      reject(error as Error);
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'shop-webhooks/1' },
      lookup: checkedLookup(url, options.policy),
      agent: false, // a fresh connection: never a pooled socket to an address checked for another delivery
      timeout: options.timeoutMs,
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    const done = (settle: () => void) => {
      clearTimeout(deadline);
      settle();
    };
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => done(() => reject(error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // enough read to know the status; the rest is not waited for
        if (received > options.maxResponseBytes) {
          response.destroy();
          done(() => resolve({ status }));
        }
      });
      response.on('end', () => done(() => resolve({ status })));
      response.on('error', () => done(() => resolve({ status })));
      response.on('close', () => done(() => resolve({ status })));
    });
    request.end(body);
  });
}
