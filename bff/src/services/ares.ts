// The Czech company registry (ARES, ares.gov.cz): a company's name, registered address and DIČ by
// its IČO, for the invoice details form. GET {ARES_URL}/ekonomicke-subjekty/{ico} answers JSON
// (obchodniJmeno, sidlo{nazevUlice, cisloDomovni, cisloOrientacni, nazevObce, psc, kodStatu …}, dic);
// 404 means no such subject. A slow, failing or strange answer is "unavailable": the shopper sees
// 'Error loading data, try again' and keeps typing by hand. Answers are cached (found for a day,
// not found for an hour), and parallel lookups of one IČO share one request to ARES.
import { ico, normalizeIco, normalizePostcode, required, validateForm } from '../../../schema/rules/index.ts';
import type { Config } from '../config.ts';
import type { Language } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import { NotFoundError, ShopError, ValidationError } from './errors.ts';
import { RATE_RULES, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type AresCompany = {
  ico: string;
  company: string;
  /** Empty for a subject that is not a VAT payer. */
  dic: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
};

/**
 * What the registry answered, as the cache keeps it (a found company and a "no such subject" are kept,
 * "unavailable" is not). Private to this service: companyByIco turns it into a company or the domain's errors.
 */
type AresAnswer = { kind: 'found'; company: AresCompany } | { kind: 'notFound' } | { kind: 'unavailable' };

export type AresOptions = { baseUrl: string; timeoutMs: number };

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const CACHE_MAX_ENTRIES = 5000;
/** A subject's record is a few kB; anything far larger is not ARES's answer. */
const MAX_BODY_BYTES = 256 * 1024;

type CacheEntry = { outcome: AresAnswer; expiresAt: number };

// One cache per process, keyed by registry and IČO (so tests' fake registries never share entries).
const cache = new Map<string, CacheEntry>();
const inFlight = new Map<string, Promise<AresAnswer>>();

/** Forgets every cached answer (tests). */
export function clearAresCache(): void {
  cache.clear();
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** "Korunní 2569/108a", or for a village without streets "Lhota 12" (the part of the municipality). */
function streetLine(sidlo: Record<string, unknown>): string {
  const house = text(sidlo.cisloDomovni);
  const orientation = text(sidlo.cisloOrientacni) + text(sidlo.cisloOrientacniPismeno);
  const number = [house, orientation].filter(Boolean).join('/');
  const street = text(sidlo.nazevUlice) || text(sidlo.nazevCastiObce) || text(sidlo.nazevObce);
  return [street, number].filter(Boolean).join(' ');
}

/** The registry's JSON as the form's values; null when it is not a subject record. */
export function readAresSubject(body: unknown, ico: string): AresCompany | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const name = text(record.obchodniJmeno);
  if (!name) return null;
  const sidlo = record.sidlo !== null && typeof record.sidlo === 'object' ? (record.sidlo as Record<string, unknown>) : {};
  const psc = text(sidlo.psc).replace(/\s/g, '');
  const country = text(sidlo.kodStatu).toUpperCase() || 'CZ';
  return {
    ico: normalizeIco(text(record.ico)) ?? ico,
    company: name.slice(0, 200),
    dic: text(record.dic).replace(/\s/g, '').toUpperCase().slice(0, 14),
    street: streetLine(sidlo).slice(0, 200),
    city: text(sidlo.nazevObce).slice(0, 100),
    postcode: normalizePostcode(psc, country) ?? psc.slice(0, 10),
    country: /^[A-Z]{2}$/.test(country) ? country : 'CZ',
  };
}

async function readBody(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return null;
  const body = await response.text();
  if (body.length > MAX_BODY_BYTES) return null;
  return JSON.parse(body) as unknown;
}

async function ask(options: AresOptions, ico: string): Promise<AresAnswer> {
  try {
    const response = await fetch(`${options.baseUrl}/ekonomicke-subjekty/${ico}`, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'notFound' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unavailable' };
    }
    const company = readAresSubject(await readBody(response), ico);
    return company ? { kind: 'found', company } : { kind: 'unavailable' };
  } catch {
    // timeout, refused connection, a body that is not JSON: all the same to the shopper
    return { kind: 'unavailable' };
  }
}

/** Looks a valid (normalised, 8-digit) IČO up in the registry, from the cache when it can. */
async function lookupCompany(options: AresOptions, ico: string, now = Date.now()): Promise<AresAnswer> {
  const key = `${options.baseUrl}\n${ico}`;
  const cached = cache.get(key);
  if (cached && cached.expiresAt > now) return cached.outcome;
  if (cached) cache.delete(key);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const request = ask(options, ico).then((outcome) => {
    if (outcome.kind !== 'unavailable') {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { outcome, expiresAt: Date.now() + (outcome.kind === 'found' ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
    }
    return outcome;
  });
  inFlight.set(key, request);
  try {
    return await request;
  } finally {
    inFlight.delete(key);
  }
}

/** The registry did not answer in time or answered with something else than a subject record. */
export class CompanyLookupFailedError extends ShopError {
  constructor(message: string) {
    super('COMPANY_LOOKUP_FAILED', message);
  }
}

export type CompanyLookupContext = {
  config: Pick<Config, 'aresUrl' | 'aresTimeoutMs'>;
  language: Language;
  customerId: number;
  rateLimiter: RateLimiter;
};

/**
 * The company of an IČO typed into the invoice details: a ValidationError at the field for an
 * invalid IČO (the registry is not asked), NotFoundError when ARES has no such subject,
 * CompanyLookupFailedError when it cannot be asked now. Limited per customer.
 */
export async function companyByIco(ctx: CompanyLookupContext, icoInput: string): Promise<AresCompany> {
  const icoError = validateForm({ ico: icoInput.trim() }, { ico: [required, ico] }, ctx.language).ico;
  if (icoError) throw new ValidationError([{ field: 'ico', message: icoError }], message('invalidInput', ctx.language));
  const limit = await ctx.rateLimiter.consume(RATE_RULES.companyLookupPerCustomer, String(ctx.customerId));
  if (!limit.allowed) throw new CompanyLookupFailedError(formatMessage('tooManyAttempts', ctx.language, { minutes: Math.max(1, Math.ceil(limit.retryAfterMs / 60_000)) }));
  const outcome = await lookupCompany({ baseUrl: ctx.config.aresUrl, timeoutMs: ctx.config.aresTimeoutMs }, normalizeIco(icoInput.trim())!);
  if (outcome.kind === 'found') return outcome.company;
  if (outcome.kind === 'notFound') throw new NotFoundError(message('companyNotFound', ctx.language));
  throw new CompanyLookupFailedError(message('companyLookupFailed', ctx.language));
}
