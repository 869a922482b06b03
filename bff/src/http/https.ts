// The scheme a request came by, as Express reads it (req.protocol): the connection's own TLS, or the
// X-Forwarded-Proto of a proxy that TRUST_PROXY trusts. Read here for code that runs before Express
// (the response cache answers hits first), and for the redirect of plain http to https (issue 31, item 19).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import express from 'express';
import type { Config } from '../config.ts';
import { requestIdOf } from './request-log.ts';

type Trust = (address: string, hop: number) => boolean;

/**
 * Express's own compiled `trust proxy` function for a TRUST_PROXY setting. Whether the connection's own
 * address (hop 0) is trusted is remembered per address: parsing it on every request was a few per cent
 * of a cached answer, and a shop's connections come from few addresses (its proxies).
 */
export function trustFunction(setting: Config['trustProxy']): Trust {
  const probe = express();
  probe.set('trust proxy', setting);
  const trust = probe.get('trust proxy fn') as Trust;
  const peers = new Map<string, boolean>();
  return (address, hop) => {
    if (hop !== 0) return trust(address, hop);
    let trusted = peers.get(address);
    if (trusted === undefined) {
      if (peers.size >= 1000) peers.clear();
      trusted = trust(address, hop);
      peers.set(address, trusted);
    }
    return trusted;
  };
}

export function requestIsHttps(req: IncomingMessage, trust: Trust): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trust(req.socket.remoteAddress ?? '', 0)) return false;
  const header = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0].trim().toLowerCase();
  return first === 'https';
}

/** Probes that a load balancer or an orchestrator asks over plain http inside the network. */
const PLAIN_HTTP_PATHS = new Set(['/health', '/ready']);

/**
 * With an https PUBLIC_URL, a request that came by plain http is sent to the same path on PUBLIC_URL's
 * origin (never to the Host it named): 301 for GET and HEAD, 308 for other methods (they keep their
 * method and body). Returns true when it answered.
 */
export function httpsRedirect(config: Pick<Config, 'publicUrl' | 'trustProxy'>): (req: IncomingMessage, res: ServerResponse) => boolean {
  const trust = trustFunction(config.trustProxy);
  const origin = new URL(config.publicUrl).origin;
  return (req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    if (requestIsHttps(req, trust) || PLAIN_HTTP_PATHS.has(path) || !url.startsWith('/')) return false;
    res.statusCode = req.method === 'GET' || req.method === 'HEAD' ? 301 : 308;
    res.setHeader('X-Request-Id', requestIdOf(req));
    res.setHeader('Location', origin + url);
    res.setHeader('Content-Length', 0);
    res.end();
    return true;
  };
}
