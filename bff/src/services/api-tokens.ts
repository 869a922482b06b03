// Partner API tokens (requirement G8). A token looks like `shp_<prefix>_<secret>`:
// - prefix: 8 random hex characters, public; it finds the row and is what lists and `revoke` show;
// - secret: 32 bytes (256 bits) from the CSPRNG, hex.
// Only the SHA-256 of the whole token is stored. A plain hash (not argon2) is enough because the
// token is random and long; a password hash would only slow every API request down.
// Verification looks the row up by prefix and compares the hashes in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { ValidationError } from './errors.ts';

export const PARTNER_SCOPES = ['catalog:read', 'cart', 'schema:read', 'orders:read', 'orders:write'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export const DEFAULT_RATE_PER_MINUTE = 120;
export const MAX_RATE_PER_MINUTE = 10_000;
const MAX_NAME_LENGTH = 100;
/** lastUsedAt is written at most this often per token (not on every request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

const TOKEN_PATTERN = /^shp_([0-9a-f]{8})_([0-9a-f]{64})$/;
const PREFIX_PATTERN = /^[0-9a-f]{8}$/;

/** A wrong argument to create or revoke; the message says what is wrong. */
export class ApiTokenInputError extends Error {}

/** What a request authenticated with a token may do; customerId is set for a customer's personal token. */
export type VerifiedToken = {
  tokenId: number;
  name: string;
  scopes: PartnerScope[];
  ratePerMinute: number;
  customerId: number | null;
  /** Set while one of the token's webhook endpoints is switched off (services/webhooks.ts). */
  webhooksDisabledAt: Date | null;
};

export type ApiTokenSummary = {
  id: number;
  prefix: string;
  name: string;
  scopes: PartnerScope[];
  ratePerMinute: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Parses "catalog:read,cart" into known scopes; unknown or missing scopes are an input error. */
export function parseScopes(text: string): PartnerScope[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new ApiTokenInputError(`Give at least one scope: ${PARTNER_SCOPES.join(', ')}.`);
  for (const name of names) {
    if (!(PARTNER_SCOPES as readonly string[]).includes(name)) {
      throw new ApiTokenInputError(`Unknown scope "${name}"; the scopes are ${PARTNER_SCOPES.join(', ')}.`);
    }
  }
  return [...new Set(names)] as PartnerScope[];
}

function checkName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new ApiTokenInputError(`The name must be 1 to ${MAX_NAME_LENGTH} characters without control characters.`);
  }
  return trimmed;
}

function checkRate(rate: number): number {
  if (!Number.isInteger(rate) || rate < 1 || rate > MAX_RATE_PER_MINUTE) {
    throw new ApiTokenInputError(`The rate limit must be a whole number of requests per minute from 1 to ${MAX_RATE_PER_MINUTE}.`);
  }
  return rate;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/** Creates a token; the returned `token` is the only copy there will ever be. */
export async function createApiToken(
  prisma: Db,
  input: { name: string; scopes: PartnerScope[]; ratePerMinute?: number },
): Promise<{ token: string; summary: ApiTokenSummary }> {
  const name = checkName(input.name);
  const scopes = parseScopes(input.scopes.join(','));
  const ratePerMinute = checkRate(input.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE);
  // 32 bits of prefix collide rarely; the unique index catches it and we draw again.
  for (let attempt = 0; ; attempt++) {
    const prefix = randomBytes(4).toString('hex');
    const token = `shp_${prefix}_${randomBytes(32).toString('hex')}`;
    try {
      const row = await prisma.apiToken.create({
        data: { name, prefix, tokenHash: sha256(token).toString('hex'), scopes, ratePerMinute },
      });
      return { token, summary: summarize(row) };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

function summarize(row: {
  id: number;
  prefix: string;
  name: string;
  scopes: string[];
  ratePerMinute: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiTokenSummary {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    scopes: row.scopes as PartnerScope[],
    ratePerMinute: row.ratePerMinute,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

/** The partner tokens (customers' personal tokens are listed only to their owner). */
export async function listApiTokens(prisma: Db): Promise<ApiTokenSummary[]> {
  const rows = await prisma.apiToken.findMany({ where: { customerId: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(summarize);
}

/** Revokes the token with this prefix (the `shp_` and the secret may be included; they are ignored). */
export async function revokeApiToken(
  prisma: Db,
  prefixInput: string,
): Promise<{ status: 'revoked' | 'already-revoked'; summary: ApiTokenSummary }> {
  const prefix = prefixInput.trim().replace(/^shp_/, '').split('_')[0].toLowerCase();
  if (!PREFIX_PATTERN.test(prefix)) throw new ApiTokenInputError(`"${prefixInput}" is not a token prefix (8 hex characters, as \`list\` shows).`);
  const row = await prisma.apiToken.findUnique({ where: { prefix } });
  if (!row || row.customerId !== null) throw new ApiTokenInputError(`No token has the prefix ${prefix}.`);
  if (row.revokedAt) return { status: 'already-revoked', summary: summarize(row) };
  // revokedAt IS NULL in the condition: two revokes at once keep the first time
  await prisma.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return { status: 'revoked', summary: summarize(await prisma.apiToken.findUniqueOrThrow({ where: { id: row.id } })) };
}

/** Compared against when the prefix is unknown, so that case takes the same steps. */
const NO_HASH = sha256('no token has this hash');

/** The token's grants, or null when it is malformed, unknown or revoked. */
export async function verifyApiToken(prisma: Db, token: string): Promise<VerifiedToken | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const row = await prisma.apiToken.findUnique({
    where: { prefix: match[1] },
    select: { id: true, name: true, tokenHash: true, scopes: true, ratePerMinute: true, revokedAt: true, customerId: true, expiresAt: true, webhooksDisabledAt: true },
  });
  const stored = row && /^[0-9a-f]{64}$/.test(row.tokenHash) ? Buffer.from(row.tokenHash, 'hex') : NO_HASH;
  const matches = timingSafeEqual(sha256(token), stored);
  if (!row || !matches || row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) return null;
  return {
    tokenId: row.id,
    name: row.name,
    scopes: row.scopes as PartnerScope[],
    ratePerMinute: row.ratePerMinute,
    customerId: row.customerId,
    webhooksDisabledAt: row.webhooksDisabledAt,
  };
}

/**
 * Records that a token was used, writing lastUsedAt at most once a minute per token: this
 * process remembers its last write, and the condition in the UPDATE keeps several processes
 * from writing more often either. Fire and forget; a failed write only delays the timestamp.
 */
export function createUsageRecorder(prisma: Db, resolutionMs = LAST_USED_RESOLUTION_MS) {
  const lastWrite = new Map<number, number>();
  return (tokenId: number, now = Date.now()): Promise<void> => {
    const previous = lastWrite.get(tokenId);
    if (previous !== undefined && now - previous < resolutionMs) return Promise.resolve();
    lastWrite.set(tokenId, now);
    return prisma.apiToken
      .updateMany({
        where: { id: tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now - resolutionMs) } }] },
        data: { lastUsedAt: new Date(now) },
      })
      .then(
        () => undefined,
        () => void lastWrite.delete(tokenId),
      );
  };
}

// ------------------------------------------------------------------ customers' personal tokens
// Bearer token mode (issue 7, item 9): a customer's app signs in once and gets a token of the same
// format, stored the same way (SHA-256 only); it acts as that customer without cookies (so without
// CSRF), expires, and is listed and revoked by its owner only.

/** How long a customer's token works. */
export const CUSTOMER_TOKEN_TTL_DAYS = 90;
/** At most this many live tokens per customer; the oldest is revoked when a new one would exceed it. */
export const CUSTOMER_TOKEN_LIMIT = 20;

export type CustomerTokenRow = {
  id: number;
  prefix: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const CUSTOMER_TOKEN_FIELDS = { id: true, prefix: true, name: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true } as const;

export async function createCustomerToken(
  prisma: Db,
  input: { customerId: number; name: string },
): Promise<{ token: string; row: CustomerTokenRow }> {
  const name = checkName(input.name);
  const expiresAt = new Date(Date.now() + CUSTOMER_TOKEN_TTL_DAYS * 24 * 3600_000);
  for (let attempt = 0; ; attempt++) {
    const prefix = randomBytes(4).toString('hex');
    const token = `shp_${prefix}_${randomBytes(32).toString('hex')}`;
    try {
      const row = await prisma.$transaction(async (tx) => {
        const live = await tx.apiToken.findMany({
          where: { customerId: input.customerId, revokedAt: null, expiresAt: { gt: new Date() } },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { id: true },
        });
        const surplus = live.slice(CUSTOMER_TOKEN_LIMIT - 1).map((t) => t.id);
        if (surplus.length > 0) await tx.apiToken.updateMany({ where: { id: { in: surplus } }, data: { revokedAt: new Date() } });
        return tx.apiToken.create({
          data: { name, prefix, tokenHash: sha256(token).toString('hex'), scopes: [], customerId: input.customerId, expiresAt },
          select: CUSTOMER_TOKEN_FIELDS,
        });
      });
      return { token, row };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** The customer's tokens that still work, newest first. */
export function listCustomerTokens(prisma: Db, customerId: number): Promise<CustomerTokenRow[]> {
  return prisma.apiToken.findMany({
    where: { customerId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: CUSTOMER_TOKEN_FIELDS,
  });
}

/** Revokes one of the customer's own tokens; null when she has no such live token. */
export async function revokeCustomerToken(prisma: Db, customerId: number, tokenId: number): Promise<CustomerTokenRow | null> {
  const { count } = await prisma.apiToken.updateMany({ where: { id: tokenId, customerId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1 ? prisma.apiToken.findUniqueOrThrow({ where: { id: tokenId }, select: CUSTOMER_TOKEN_FIELDS }) : null;
}

/**
 * Revokes every live token of the customer: a password change or reset ends her apps' access as it ends
 * her sessions, so a token taken by whoever knew the old password stops working with it.
 */
export async function revokeCustomerTokens(prisma: Pick<Db, 'apiToken'>, customerId: number): Promise<number> {
  const { count } = await prisma.apiToken.updateMany({ where: { customerId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}

/**
 * The customer revokes one of her tokens (also the one she is calling with); one she has not, or that
 * no longer works, is a ValidationError at `id`, the same for someone else's (tokenId NaN: not a token's id).
 */
export async function revokeOwnAccessToken(
  ctx: { prisma: Db; language: Locale },
  customerId: number,
  tokenId: number,
): Promise<CustomerTokenRow> {
  const revoked = Number.isSafeInteger(tokenId) ? await revokeCustomerToken(ctx.prisma, customerId, tokenId) : null;
  if (!revoked) {
    throw new ValidationError([{ field: 'id', message: message('accessTokenNotFound', ctx.language) }], message('invalidInput', ctx.language));
  }
  return revoked;
}
