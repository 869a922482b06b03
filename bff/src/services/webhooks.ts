// Webhook endpoints of partner tokens (issue 27; requirements W1, W2; docs/decisions/0040). A shop
// owner registers them for a partner with `npm run token -- webhook add <prefix> <url> --topics …`.
//
// The events themselves are written by database triggers (migration 20261127020000_webhooks) into the
// WebhookDelivery outbox, in the transaction of the change they announce; bff/src/jobs/ sends them,
// signed as Standard Webhooks 1.0 asks (signWebhook below).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { PartnerScope } from './api-tokens.ts';
import { checkWebhookUrl, WebhookUrlError, type WebhookUrlPolicy } from './webhook-addresses.ts';

/**
 * The topics an endpoint may subscribe to, and the scopes of which its token needs one. An order topic
 * goes to the token whose cart became the order ('cart'), and to every token of the shop's own
 * warehouse or ERP app ('orders:read', all orders).
 */
const ORDER_SCOPES = ['cart', 'orders:read'] as const;
export const WEBHOOK_TOPICS = {
  'product.updated': ['catalog:read'],
  'stock.changed': ['catalog:read'],
  'order.created': ORDER_SCOPES,
  'order.paid': ORDER_SCOPES,
  'order.withdrawn': ORDER_SCOPES,
  // the moves of the order lifecycle (services/order-transitions.ts, decision 0067)
  'order.processing': ORDER_SCOPES,
  'order.shipped': ORDER_SCOPES,
  'order.ready_for_pickup': ORDER_SCOPES,
  'order.delivered': ORDER_SCOPES,
  'order.picked_up': ORDER_SCOPES,
  'order.cancelled': ORDER_SCOPES,
} as const satisfies Record<string, readonly PartnerScope[]>;

export type WebhookTopic = keyof typeof WEBHOOK_TOPICS;
/** What `webhook test` sends: not a topic anyone subscribes to. */
export const PING_TOPIC = 'webhook.ping';

/** Endpoints per token. */
export const MAX_ENDPOINTS_PER_TOKEN = 10;

/** A wrong argument to a webhook command; the message says what is wrong. */
export class WebhookInputError extends Error {}

export type WebhookEndpointSummary = {
  id: number;
  tokenPrefix: string;
  tokenName: string;
  url: string;
  topics: WebhookTopic[];
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
};

const ENDPOINT_FIELDS = {
  id: true,
  url: true,
  topics: true,
  createdAt: true,
  failingSince: true,
  disabledAt: true,
  apiToken: { select: { prefix: true, name: true } },
} as const;

function summarize(row: {
  id: number;
  url: string;
  topics: string[];
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
  apiToken: { prefix: string; name: string };
}): WebhookEndpointSummary {
  return {
    id: row.id,
    tokenPrefix: row.apiToken.prefix,
    tokenName: row.apiToken.name,
    url: row.url,
    topics: row.topics as WebhookTopic[],
    createdAt: row.createdAt,
    failingSince: row.failingSince,
    disabledAt: row.disabledAt,
  };
}

/** Parses "stock.changed,order.paid": known topics, at least one, each once. */
export function parseTopics(text: string): WebhookTopic[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = Object.keys(WEBHOOK_TOPICS);
  if (names.length === 0) throw new WebhookInputError(`Give at least one topic: ${known.join(', ')}.`);
  for (const name of names) {
    if (!known.includes(name)) throw new WebhookInputError(`Unknown topic "${name}"; the topics are ${known.join(', ')}.`);
  }
  return [...new Set(names)] as WebhookTopic[];
}

/** A Standard Webhooks secret: whsec_ and the base64 of 32 random bytes (the key is the decoded bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A webhook-id: the same for every attempt of one delivery. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The webhook-signature header of Standard Webhooks 1.0: `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the base64-decoded part of the whsec_ secret.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const PREFIX_PATTERN = /^[0-9a-f]{8}$/;

async function partnerTokenOf(prisma: Db, prefixInput: string) {
  const prefix = prefixInput.trim().replace(/^shp_/, '').split('_')[0].toLowerCase();
  if (!PREFIX_PATTERN.test(prefix)) throw new WebhookInputError(`"${prefixInput}" is not a token prefix (8 hex characters, as \`list\` shows).`);
  const token = await prisma.apiToken.findUnique({ where: { prefix }, select: { id: true, prefix: true, scopes: true, revokedAt: true, customerId: true } });
  if (!token || token.customerId !== null) throw new WebhookInputError(`No token has the prefix ${prefix}.`);
  if (token.revokedAt) throw new WebhookInputError(`The token ${prefix} is revoked; its webhooks would never be sent.`);
  return token;
}

/**
 * Registers an endpoint for a partner token. The URL passes every check of webhook-addresses.ts (DNS
 * included); each topic needs its scope on the token. The returned secret is the only copy shown.
 */
export async function addWebhookEndpoint(
  prisma: Db,
  input: { tokenPrefix: string; url: string; topics: WebhookTopic[] },
  policy: WebhookUrlPolicy,
): Promise<{ secret: string; endpoint: WebhookEndpointSummary }> {
  const topics = parseTopics(input.topics.join(','));
  const token = await partnerTokenOf(prisma, input.tokenPrefix);
  for (const topic of topics) {
    const scopes: readonly PartnerScope[] = WEBHOOK_TOPICS[topic];
    if (!scopes.some((scope) => token.scopes.includes(scope))) {
      throw new WebhookInputError(`The topic ${topic} needs the token's scope ${scopes.join(' or ')}; the token ${token.prefix} has ${token.scopes.join(', ') || 'none'}.`);
    }
  }
  let url: URL;
  try {
    url = await checkWebhookUrl(input.url, policy);
  } catch (error) {
    if (error instanceof WebhookUrlError) throw new WebhookInputError(error.message);
    throw error;
  }
  const count = await prisma.webhookEndpoint.count({ where: { apiTokenId: token.id } });
  if (count >= MAX_ENDPOINTS_PER_TOKEN) throw new WebhookInputError(`The token ${token.prefix} has ${count} endpoints already (at most ${MAX_ENDPOINTS_PER_TOKEN}).`);
  const secret = newWebhookSecret();
  const row = await prisma.webhookEndpoint.create({
    data: { apiTokenId: token.id, url: url.href, topics, secret },
    select: ENDPOINT_FIELDS,
  });
  return { secret, endpoint: summarize(row) };
}

/** The endpoints of one token (by prefix), or of all partner tokens. */
export async function listWebhookEndpoints(prisma: Db, tokenPrefix?: string): Promise<WebhookEndpointSummary[]> {
  const tokenId = tokenPrefix === undefined ? undefined : (await partnerTokenOf(prisma, tokenPrefix)).id;
  const rows = await prisma.webhookEndpoint.findMany({
    where: tokenId === undefined ? {} : { apiTokenId: tokenId },
    orderBy: { id: 'asc' },
    select: ENDPOINT_FIELDS,
  });
  return rows.map(summarize);
}

function endpointId(text: string): number {
  if (!/^\d{1,9}$/.test(text.trim())) throw new WebhookInputError(`"${text}" is not an endpoint id (a number, as \`webhook list\` shows).`);
  return Number(text.trim());
}

async function endpointOf(prisma: Db, idText: string) {
  const id = endpointId(idText);
  const row = await prisma.webhookEndpoint.findUnique({ where: { id }, select: { ...ENDPOINT_FIELDS, apiTokenId: true } });
  if (!row) throw new WebhookInputError(`No webhook endpoint has the id ${id}.`);
  return row;
}

/** The token's warning flag follows its endpoints: set while one of them is switched off. */
export async function refreshDisabledFlag(prisma: Db, apiTokenId: number): Promise<void> {
  const disabled = await prisma.webhookEndpoint.findFirst({ where: { apiTokenId, disabledAt: { not: null } }, orderBy: { disabledAt: 'asc' }, select: { disabledAt: true } });
  await prisma.apiToken.update({ where: { id: apiTokenId }, data: { webhooksDisabledAt: disabled?.disabledAt ?? null } });
}

/** Removes an endpoint with its delivery log; what was not delivered yet is dropped. */
export async function removeWebhookEndpoint(prisma: Db, idText: string): Promise<WebhookEndpointSummary> {
  const row = await endpointOf(prisma, idText);
  await prisma.webhookEndpoint.delete({ where: { id: row.id } });
  await refreshDisabledFlag(prisma, row.apiTokenId);
  return summarize(row);
}

/** Switches a switched-off endpoint on again (after its owner fixed it); its failure count starts anew. */
export async function enableWebhookEndpoint(prisma: Db, idText: string): Promise<{ status: 'enabled' | 'already-enabled'; endpoint: WebhookEndpointSummary }> {
  const row = await endpointOf(prisma, idText);
  if (row.disabledAt === null) return { status: 'already-enabled', endpoint: summarize(row) };
  const updated = await prisma.webhookEndpoint.update({ where: { id: row.id }, data: { disabledAt: null, failingSince: null }, select: ENDPOINT_FIELDS });
  await refreshDisabledFlag(prisma, row.apiTokenId);
  return { status: 'enabled', endpoint: summarize(updated) };
}

/** Puts a ping for the endpoint into the outbox; the caller sends it (the job's deliverWebhooks). */
export async function enqueueWebhookPing(prisma: Db, idText: string): Promise<{ deliveryId: string; endpoint: WebhookEndpointSummary }> {
  const row = await endpointOf(prisma, idText);
  const deliveryId = newWebhookId();
  await prisma.webhookDelivery.create({
    data: {
      id: deliveryId,
      endpointId: row.id,
      topic: PING_TOPIC,
      payload: { type: PING_TOPIC, timestamp: new Date().toISOString(), data: { endpointId: row.id } },
    },
  });
  return { deliveryId, endpoint: summarize(row) };
}

export type WebhookDeliveryLogEntry = {
  id: string;
  topic: string;
  status: 'PENDING' | 'SENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
};

/** The endpoint's latest deliveries, newest first. */
export async function webhookDeliveryLog(prisma: Db, idText: string, limit = 20): Promise<{ endpoint: WebhookEndpointSummary; deliveries: WebhookDeliveryLogEntry[] }> {
  const row = await endpointOf(prisma, idText);
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { endpointId: row.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, topic: true, status: true, attempts: true, lastStatus: true, lastError: true, createdAt: true, nextAttemptAt: true, deliveredAt: true },
  });
  return { endpoint: summarize(row), deliveries };
}

/** The token's endpoints that are switched off (for extensions.warnings). */
export function disabledWebhookEndpoints(prisma: Db, apiTokenId: number): Promise<{ id: number; url: string; disabledAt: Date | null }[]> {
  return prisma.webhookEndpoint.findMany({
    where: { apiTokenId, disabledAt: { not: null } },
    orderBy: { id: 'asc' },
    select: { id: true, url: true, disabledAt: true },
  });
}
