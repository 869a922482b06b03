// Where a webhook may be sent (requirement W2: no SSRF into the shop's own network). A webhook URL is
// https, carries no user name or password, and its host resolves to public addresses only: not
// loopback, private (RFC 1918), link-local (cloud metadata at 169.254.169.254), CGNAT, multicast,
// reserved, nor the IPv6 equivalents (ULA, link-local, IPv4-mapped, NAT64, 6to4). It is checked when
// the endpoint is registered and again at every delivery, after DNS resolution: the delivery then
// connects to the address that was checked (checkedLookup), so a name that resolves to a public
// address at the check and to 127.0.0.1 a moment later (DNS rebinding) cannot slip through.
//
// The hosts of WEBHOOK_ALLOW_HOSTS (development and tests only; refused in production by config.ts)
// may use http and any address.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** A webhook URL the shop will not send to; the message says why. */
export class WebhookUrlError extends Error {}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (tests inject one; the default asks the system's resolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type WebhookUrlPolicy = {
  /** WEBHOOK_ALLOW_HOSTS */
  allowHosts: readonly string[];
  resolve?: Resolver;
};

export const MAX_WEBHOOK_URL_LENGTH = 2000;

const forbidden = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbidden.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(network, bits, 'ipv6');
}
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) need no rule of their own: BlockList checks them
// against the IPv4 rules above (and would match every IPv4 address against a ::ffff:0:0/96 rule).

/** True when the shop may send a webhook to this address (an IPv4 or IPv6 literal). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host without IPv6 brackets, lower case (as WEBHOOK_ALLOW_HOSTS holds it). */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function isAllowListed(url: URL, policy: WebhookUrlPolicy): boolean {
  return policy.allowHosts.includes(hostOf(url));
}

/**
 * The checks that need no DNS: a valid absolute https URL (http only for an allow-listed host) without
 * credentials or fragment, and when its host is an address literal, a public one.
 */
export function parseWebhookUrl(text: string, policy: WebhookUrlPolicy): URL {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_WEBHOOK_URL_LENGTH || !URL.canParse(trimmed)) {
    throw new WebhookUrlError(`"${trimmed.slice(0, 100)}" is not a URL; give an address such as https://partner.example/webhooks/shop.`);
  }
  const url = new URL(trimmed);
  const allowed = isAllowListed(url, policy);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw new WebhookUrlError(`A webhook URL must start with https:// (got ${url.protocol}//…): deliveries carry signed data.`);
  }
  if (url.username || url.password) throw new WebhookUrlError('A webhook URL must not carry a user name or password.');
  if (url.hash) throw new WebhookUrlError('A webhook URL must not have a #fragment.');
  const host = hostOf(url);
  if (!allowed && isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new WebhookUrlError(`${host} is a private, loopback, link-local or reserved address; webhooks go to public addresses only.`);
  }
  return url;
}

const systemResolver: Resolver = async (hostname) => {
  const addresses = await lookup(hostname, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * The address to connect to for this URL: its host resolved, and every address it resolves to public
 * (one private answer among public ones refuses it too: which one is used is not ours to choose).
 */
export async function resolveWebhookHost(url: URL, policy: WebhookUrlPolicy): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  if (literal !== 0) {
    if (!isAllowListed(url, policy) && !isPublicAddress(host)) throw new WebhookUrlError(`${host} is not a public address.`);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.resolve ?? systemResolver)(host);
  } catch (error) {
    throw new WebhookUrlError(`${host} cannot be resolved (${(error as { code?: string }).code ?? (error as Error).message}).`);
  }
  if (addresses.length === 0) throw new WebhookUrlError(`${host} has no address.`);
  if (!isAllowListed(url, policy)) {
    const bad = addresses.find((entry) => !isPublicAddress(entry.address));
    if (bad) throw new WebhookUrlError(`${host} resolves to ${bad.address}, which is not a public address.`);
  }
  return addresses[0];
}

/** Every check of a webhook URL, DNS included: what registration runs. */
export async function checkWebhookUrl(text: string, policy: WebhookUrlPolicy): Promise<URL> {
  const url = parseWebhookUrl(text, policy);
  await resolveWebhookHost(url, policy);
  return url;
}

/**
 * A `lookup` for http(s).request that resolves and checks the host at connection time and hands the
 * socket exactly the address it checked (no second, unchecked resolution).
 */
export function checkedLookup(url: URL, policy: WebhookUrlPolicy): LookupFunction {
  return (_hostname, options, callback) => {
    resolveWebhookHost(url, policy).then(
      ({ address, family }) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (error: null, list: ResolvedAddress[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
