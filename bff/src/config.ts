// Every setting comes from the environment, validated once at start.
// A bad value stops the server with a clear message; secrets are never printed.
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SUPPLIER } from '../../schema/rules/supplier.ts';
import { DEFAULT_DISPATCH_CUTOFF, parseDispatchCutoff } from '../../schema/rules/delivery-date.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS, MAX_WITHDRAWAL_PERIOD_DAYS, MIN_WITHDRAWAL_PERIOD_DAYS } from '../../schema/rules/withdrawal.ts';
import { DEFAULT_PICKUP_DAYS } from '../../schema/rules/order-lifecycle.ts';
import { DEFAULT_REVIEW_REQUEST_DAYS } from '../../schema/rules/review.ts';

/** How long a start waits for the start-up lock by default (STARTUP_LOCK_TIMEOUT_MS): five minutes. */
export const STARTUP_LOCK_TIMEOUT_MS = 300_000;

/** Bounds of subscriptions' event streams, each counted by one instance for itself. */
export type StreamLimits = {
  /** Open streams per API token, else per client address (SEAT_STREAMS_PER_CLIENT, 20: a household's tabs; beyond it a NAT's pickers poll). */
  perClient: number;
  /** Open streams of this instance (SEAT_STREAMS_MAX, 2 000). */
  perInstance: number;
  /** A stream ends this long after it opened and the client opens a new one (SEAT_STREAM_LIFETIME_MS, 15 minutes). */
  lifetimeMs: number;
};

/** What keeps one client from holding a match's seats it does not buy (decision 0048). */
export type SeatHoldLimits = {
  /** A client's live held seats of one match: this many times the match's per-order limit (SEAT_HOLD_CLIENT_ORDERS, 2). */
  clientOrders: number;
  /** A seat a client or cart held may be held by it again only this long after the hold ended (SEAT_HOLD_COOLDOWN_MS, 15 minutes). */
  cooldownMs: number;
  /** Seat changes of a match are gathered this long and told to the pickers as one (SEAT_CHANGE_BATCH_MS, 500). */
  announceMs: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A PostgreSQL server; when empty the embedded database under dataDir is used. */
  databaseUrl: string | null;
  /** Redis for the rate limit counters (shared by several instances); null: they live in PostgreSQL. */
  redisUrl: string | null;
  /**
   * READY_REQUIRES_REDIS: /ready answers 503 while the configured Redis does not answer. Off by
   * default: the shop serves on without Redis (decision 0037), and taking every instance out of
   * rotation when Redis dies would stop it.
   */
  readyRequiresRedis: boolean;
  dataDir: string;
  /** null: a random secret is generated once and kept in dataDir (local runs only). */
  sessionSecret: string | null;
  /** true when the site is served over https (Secure and __Host- cookies, HSTS). */
  secureCookies: boolean;
  publicUrl: string;
  /**
   * Which proxies in front of the shop are believed about the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto; TRUST_PROXY): a number of hops, or addresses and networks
   * (CIDR, or Express's names loopback, linklocal, uniquelocal). Given to Express's `trust proxy`.
   */
  trustProxy: number | string[];
  /** Exact origins (scheme://host[:port]) of other sites allowed to call /graphql from a browser (CORS). */
  corsOrigins: string[];
  /** GraphiQL at /graphql, served from the shop's own files (GRAPHIQL; on in development). */
  graphiql: boolean;
  /**
   * The public explorer (GRAPHIQL_PUBLIC, off by default): anonymous requests that name it run
   * read-only catalog queries (the catalog:read view) and read the schema (http/public-explorer.ts).
   */
  graphiqlPublic: boolean;
  /** Introspection and "Did you mean" suggestions for everyone (off in production; partners with schema:read keep them). */
  exposeSchema: boolean;
  /** A GraphQL operation still running after this many ms is aborted (GRAPHQL_TIMEOUT_MS). */
  graphqlTimeoutMs: number;
  /** Bounds of subscriptions' event streams (graphql/server/stream-limits.ts, docs/decisions/0041). */
  seatStreams: StreamLimits;
  /** After SIGTERM/SIGINT: how long /ready answers 503 while new connections are still served (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** After the drain: how long requests in flight may still take before they are cut and the exit code is 1 (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * How long a start waits for the start-up lock (migrations, demo data) another instance holds before
   * it stops with an error naming the holder (STARTUP_LOCK_TIMEOUT_MS).
   */
  startupLockTimeoutMs: number;
  /** Browsers may send only the web app's persisted documents (by hash); partner tokens may send any. */
  trustedDocumentsOnly: boolean;
  /** CZK per EUR, for variants without their own EUR price. */
  eurRate: number;
  /** SMTP server for e-mails (nodemailer URL, may hold a password: never logged); null: .eml files in mailDir. */
  smtpUrl: string | null;
  /** Where e-mails are written as .eml files when there is no SMTP_URL (DATA_DIR/mail). */
  mailDir: string;
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom: string;
  /** How often the mail sender looks for e-mails that are due (retries); 0: only when kicked. */
  mailIntervalMs: number;
  /**
   * Hosts whose webhooks may use http and private addresses (WEBHOOK_ALLOW_HOSTS, comma-separated host
   * names or addresses; development and tests only). Every other webhook URL must be https and resolve
   * to public addresses only (docs/decisions/0040).
   */
  webhookAllowHosts: string[];
  /** How often the webhook sender looks for deliveries that are due (retries, other instances' events); 0: only when kicked. */
  webhookIntervalMs: number;
  /** Days a bank-transfer order has to be paid (BANK_TRANSFER_PAYMENT_DAYS, 7); unpaid after that it is cancelled. */
  bankTransferPaymentDays: number;
  /**
   * Days a consumer may withdraw from the contract after the goods arrive (WITHDRAWAL_PERIOD_DAYS, 14:
   * the law's minimum; at most 365). The function on the order's page, the API, the model form, the
   * order confirmation and the seeded terms all say this number (docs/decisions/0061).
   */
  withdrawalPeriodDays: number;
  /** Days a store keeps an order ready for pickup (PICKUP_DAYS, 7; 1–60); a reminder e-mail goes a day before (decision 0067). */
  pickupDays: number;
  /** A review is shown at once, without the operator's check (REVIEWS_AUTO_PUBLISH, off; issue 44 §3, decision 0075). */
  reviewsAutoPublish: boolean;
  /** Days after delivery or pickup the e-mail asking for reviews goes (REVIEW_REQUEST_DAYS, 7; 1–90). */
  reviewRequestDays: number;
  /** How often the review request job looks for orders to ask (hourly; 0 in tests: never). */
  reviewRequestsIntervalMs: number;
  /**
   * The dispatch cut-off (DISPATCH_CUTOFF, HH:MM on the Prague clock, 13:00): goods in stock ordered on a
   * working day before it leave that day, later ones the next working day; the delivery date promise
   * (schema/rules/delivery-date.ts, docs/decisions/0069) counts from it.
   */
  dispatchCutoff: string;
  /** Tickets: a bank-transfer order must be paid this many hours before its earliest match's kick-off, and by its sales end (TICKET_PAYMENT_MARGIN_HOURS, 24). */
  ticketPaymentMarginHours: number;
  /** Tickets: bank transfer is offered only when at least this many hours are left to pay (TICKET_BANK_TRANSFER_MIN_HOURS, 24). */
  ticketBankTransferMinHours: number;
  seatHolds: SeatHoldLimits;
  /** How often unpaid bank-transfer orders past their deadline are looked for and cancelled; 0: never (tests run it). */
  unpaidOrdersIntervalMs: number;
  /** How often orders waiting at a store are looked for to remind their customers (0: never; tests run it). */
  pickupRemindersIntervalMs: number;
  /** How often orders still waiting at a store after their pickup deadline are looked for and cancelled (0: never; tests run it). */
  uncollectedOrdersIntervalMs: number;
  /** How often expired seat holds are swept and their seats announced free (0: never; tests sweep themselves). */
  holdSweepIntervalMs: number;
  /** HMAC key signing captcha challenges (CAPTCHA_HMAC_KEY); null: derived from the session secret. */
  captchaSecret: string | null;
  /** HMAC key signing match tickets (TICKET_HMAC_KEY); null: derived from the session secret. */
  ticketSecret: string | null;
  /** The proof of work's largest counter (CAPTCHA_MAX_NUMBER): a browser tries about half of it on average. */
  captchaMaxNumber: number;
  /** Google Tag Manager container id (ANALYTICS_GTM_ID, e.g. GTM-ABC123), loaded after analytical consent; null: none. */
  gtmId: string | null;
  /** Social (Meta) pixel id (SOCIAL_PIXEL_ID, digits), loaded after advertising consent; null: none. */
  socialPixelId: string | null;
  /** Conversion measuring and Ověřeno zákazníky (docs/marketing.md, decision 0076); every key null: that channel is off. */
  conversions: ConversionSettings;
  seedDemoData: boolean;
  /** The company registry (ARES) REST base, up to …/rest (ARES_URL); lookups by IČO go to {base}/ekonomicke-subjekty/{ico}. */
  aresUrl: string;
  /** A registry lookup still unanswered after this many ms counts as failed (ARES_TIMEOUT_MS). */
  aresTimeoutMs: number;
  /** Packeta's API key (PACKETA_API_KEY): its point feed is then the shop's pick-up points; null: the demo points. */
  packetaApiKey: string | null;
  /** The feed's URL (PACKETA_FEED_URL), {apiKey} replaced by the key. */
  packetaFeedUrl: string;
  /** A feed download still unfinished after this many ms is abandoned (PACKETA_FEED_TIMEOUT_MS). */
  packetaFeedTimeoutMs: number;
  /** A feed larger than this many bytes is refused (PACKETA_FEED_MAX_MB). */
  packetaFeedMaxBytes: number;
  /** How often the feed is fetched again (PACKETA_REFRESH_HOURS); 0: never (tests run it). */
  packetaRefreshIntervalMs: number;
  /** Packeta's API password (PACKETA_API_PASSWORD) for creating packets and labels; null: parcels to Packeta points cannot be shipped (decision 0068). Never logged. */
  packetaApiPassword: string | null;
  /** Packeta's REST/XML endpoint (PACKETA_API_URL). */
  packetaApiUrl: string;
  /** A Packeta API call still unanswered after this many ms counts as failed (PACKETA_API_TIMEOUT_MS). */
  packetaApiTimeoutMs: number;
  /** The sender's label at Packeta (PACKETA_ESHOP), sent as `eshop` with each packet; null: the account's only sender. */
  packetaEshop: string | null;
  /** Fio banka's API token (FIO_API_TOKEN, read-only): its movements are then paired by themselves (decision 0070); null: off. */
  fioApiToken: string | null;
  /** The Fio API's base address (FIO_API_URL), without the trailing slash. */
  fioApiUrl: string;
  /** How often the Fio API is asked (FIO_POLL_SECONDS, at least fioCallGapMs); 0: only when kicked (tests). */
  fioPollIntervalMs: number;
  /**
   * The directory of the price comparison feeds' files (FEEDS_DIR; default <DATA_DIR>/feeds): written by
   * one instance, served by all, so with several instances a directory they share (docs/decisions/0073).
   */
  feedsDir: string;
  /** How often the feeds are written anyway (FEEDS_INTERVAL_MINUTES, 60; 5–60); 0: only when kicked (tests). */
  feedsIntervalMs: number;
  /** A catalog change is written into the feeds this long after it, changes in between together (FEEDS_DEBOUNCE_SECONDS, 60). */
  feedsDebounceMs: number;
  /** Heureka's DELIVERY_DATE of a sold-out variant, in days (FEEDS_RESTOCK_DAYS, 31: "more than a month"; 1–999). */
  feedsRestockDays: number;
  /**
   * The old generation of the feeds writer's thread, in MB (FEEDS_WRITER_HEAP_MB, 24; 4–1024): its heap is
   * bounded so that a run's garbage is collected within it (docs/decisions/0078). A catalog of more than
   * some 50 000 pictures needs more (each picture's hash is kept for the run); a run that reaches it fails, logged.
   */
  feedsWriterHeapMb: number;
  /**
   * The least time between two calls across all instances (FIO_CALL_GAP_SECONDS, 31: Fio allows one call
   * per 30 s). Shorter only against a stand-in of the API (FIO_API_URL not Fio's): the fault suite's fake
   * keeps a rule of its own, so that its test does not wait out Fio's 30 s in real time.
   */
  fioCallGapMs: number;
  /** Map tiles for the store maps (MAP_TILE_URL): an http(s) or site-relative URL with {z}, {x} and {y}; its origin is allowed in the CSP's img-src. */
  mapTileUrl: string;
  logQueries: boolean;
  /** The least severe log lines written (LOG_LEVEL): fatal, error, warn, info, debug, trace or silent. */
  logLevel: LogLevel;
  /** The bearer token that /metrics asks for (METRICS_TOKEN); null: no /metrics at all. */
  metricsToken: string | null;
  /** A PostgreSQL server keeps each statement prepared per connection (DATABASE_PREPARED_STATEMENTS; off behind a pooler that cannot). */
  preparedStatements: boolean;
  /** Anonymous catalog pages and queries served from the response cache (RESPONSE_CACHE; off in tests unless asked for). */
  responseCache: boolean;
  /** How pages are rendered: from the production build, through Vite (development), or not at all (API tests). */
  ssr: 'build' | 'vite' | 'off';
  hmrPort: number;
};

export class ConfigError extends Error {}

/** The keys of the comparison sites and Google Ads (docs/marketing.md); null: that channel is off. */
export type ConversionSettings = {
  /** Heureka's conversion-measuring key (HEUREKA_CONVERSION_KEY): the thank-you page's script, with advertising consent. */
  heurekaConversionKey: string | null;
  /** Heureka's "Ověřeno zákazníky" API key (HEUREKA_VERIFIED_KEY): the order log, sent by the server. Never logged. */
  heurekaVerifiedKey: string | null;
  /** The order log's address (HEUREKA_ORDER_LOG_URL). */
  heurekaOrderLogUrl: string;
  /** Zboží.cz shop id (ZBOZI_SHOP_ID, digits): the thank-you page's conversion call, and with the key the backend one. */
  zboziShopId: string | null;
  /** Zboží.cz private key of conversion measuring (ZBOZI_PRIVATE_KEY): the backend call. Never logged. */
  zboziPrivateKey: string | null;
  /** Zboží's backend address (ZBOZI_CONVERSION_URL), {shopId} replaced by the shop id. */
  zboziConversionUrl: string;
  /** Zboží's sandbox flag sent with the backend call (ZBOZI_SANDBOX). */
  zboziSandbox: boolean;
  /** Google Ads conversion (GOOGLE_ADS_CONVERSION, AW-123456789/label): the thank-you page's gtag event, with advertising consent. */
  googleAdsConversion: { id: string; label: string } | null;
  /** How often the sender looks for due calls (CONVERSION_INTERVAL_MS); 0: only when kicked (tests). */
  intervalMs: number;
  /** A call still unanswered after this many ms fails and is retried (CONVERSION_TIMEOUT_MS). */
  timeoutMs: number;
};

export const DEFAULT_HEUREKA_ORDER_LOG_URL = 'https://api.heureka.cz/shop-certification/v2/order/log';
export const DEFAULT_ZBOZI_CONVERSION_URL = 'https://www.zbozi.cz/action/{shopId}/conversion/backend';

function httpUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value)) throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/** A key typed into the environment: printable, no spaces; the value is not echoed (it may be a secret). */
function key(name: string, value: string | undefined): string | null {
  const text = value?.trim() || null;
  if (text !== null && !/^[\x21-\x7e]{1,200}$/.test(text)) throw new ConfigError(`${name} must be printable characters without spaces`);
  return text;
}

function conversionSettings(env: NodeJS.ProcessEnv, mode: 'production' | 'test' | 'development'): ConversionSettings {
  const zboziShopId = env.ZBOZI_SHOP_ID?.trim() || null;
  if (zboziShopId !== null && !/^\d{1,12}$/.test(zboziShopId)) throw new ConfigError(`ZBOZI_SHOP_ID must be digits, got "${zboziShopId}"`);
  const google = env.GOOGLE_ADS_CONVERSION?.trim() || null;
  const googleParts = google === null ? null : /^(AW-\d{6,15})\/([A-Za-z0-9_-]{1,64})$/.exec(google);
  if (google !== null && !googleParts) throw new ConfigError(`GOOGLE_ADS_CONVERSION must look like AW-123456789/AbC-dEfGhIj, got "${google}"`);
  const heurekaConversionKey = env.HEUREKA_CONVERSION_KEY?.trim() || null;
  if (heurekaConversionKey !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(heurekaConversionKey)) {
    throw new ConfigError(`HEUREKA_CONVERSION_KEY must be letters, digits, - or _, got "${heurekaConversionKey}"`);
  }
  // tests never reach the internet: without the URLs a closed local port (their fakes set one)
  const offline = (name: string, value: string | undefined, fallback: string) => (mode === 'test' && !value ? 'http://127.0.0.1:9/' + name : httpUrl(name, value, fallback));
  return {
    heurekaConversionKey,
    heurekaVerifiedKey: key('HEUREKA_VERIFIED_KEY', env.HEUREKA_VERIFIED_KEY),
    heurekaOrderLogUrl: offline('HEUREKA_ORDER_LOG_URL', env.HEUREKA_ORDER_LOG_URL, DEFAULT_HEUREKA_ORDER_LOG_URL),
    zboziShopId,
    zboziPrivateKey: key('ZBOZI_PRIVATE_KEY', env.ZBOZI_PRIVATE_KEY),
    zboziConversionUrl: offline('ZBOZI_CONVERSION_URL', env.ZBOZI_CONVERSION_URL, DEFAULT_ZBOZI_CONVERSION_URL),
    zboziSandbox: flag('ZBOZI_SANDBOX', env.ZBOZI_SANDBOX, false),
    googleAdsConversion: googleParts ? { id: googleParts[1], label: googleParts[2] } : null,
    // tests run the sender themselves
    intervalMs: mode === 'test' ? 0 : integer('CONVERSION_INTERVAL_MS', env.CONVERSION_INTERVAL_MS, 10_000, 0, 3600_000),
    timeoutMs: integer('CONVERSION_TIMEOUT_MS', env.CONVERSION_TIMEOUT_MS, 10_000, 100, 120_000),
  };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = LOG_LEVELS.find((known) => known === value.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

const DEFAULT_MAIL_FROM = `${SUPPLIER.shopName} <${SUPPLIER.email}>`;

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return parsed;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

/** A comma-separated list of exact http(s) origins: no path, no wildcard, lower case as browsers send them. */
function origins(name: string, value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : null;
      // the WHATWG parser lets "*" through in a host name; an origin is never a pattern
      const plainHost = url !== null && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !plainHost || url.origin !== entry) {
        const hint = url && plainHost && (url.protocol === 'http:' || url.protocol === 'https:') ? ` (write it as ${url.origin})` : '';
        throw new ConfigError(`${name} must list http(s) origins like https://partner.example, got "${entry}"${hint}`);
      }
      return entry;
    });
}

/** Express's names for address ranges (proxy-addr): 127.0.0.1/8 and ::1, 169.254.0.0/16 and fe80::/10, 10/8, 172.16/12, 192.168/16 and fc00::/7. */
const NAMED_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: a number of proxies (hops), or a comma-separated list of addresses, CIDR networks and named ranges; default loopback. */
function trustProxy(value: string | undefined): number | string[] {
  if (value === undefined || value.trim() === '') return ['loopback'];
  if (/^\s*\d+\s*$/.test(value)) return integer('TRUST_PROXY', value.trim(), 1, 0, 10);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (NAMED_NETWORKS.includes(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 4 ? 32 : 128;
    const valid = version !== 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits));
    if (!valid) {
      throw new ConfigError(
        `TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of addresses and networks (e.g. 10.0.0.5, 10.1.0.0/16, loopback), got "${entry}"`,
      );
    }
  }
  return entries;
}

/** WEBHOOK_ALLOW_HOSTS: host names (letters, digits, dots, dashes) or IP addresses, lower case. */
function webhookAllowHosts(value: string | undefined, mode: Config['env']): string[] {
  if (value === undefined || value.trim() === '') return [];
  // an exception to the SSRF rules is for a developer's machine, never for the shop on the internet
  if (mode === 'production') throw new ConfigError('WEBHOOK_ALLOW_HOSTS is for development and tests only; leave it unset in production');
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean)
    .map((entry) => {
      if (isIP(entry) === 0 && !/^([a-z0-9-]+\.)*[a-z0-9-]+$/.test(entry)) {
        throw new ConfigError(`WEBHOOK_ALLOW_HOSTS must list host names or IP addresses (e.g. 127.0.0.1,localhost), got "${entry}"`);
      }
      return entry;
    });
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** A tile URL template: https://…/{z}/{x}/{y}.png or a path on this site (/tiles/{z}/{x}/{y}.png). */
function mapTileUrl(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_MAP_TILE_URL;
  const placeholders = ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
  const absolute = /^https?:\/\/[^\s/]+\/\S*$/.test(value) && URL.canParse(value.replace(/[{}]/g, ''));
  const local = /^\/[^/\s]\S*$/.test(value);
  if (!placeholders || !(absolute || local) || /["'<>\\]/.test(value)) {
    throw new ConfigError(`MAP_TILE_URL must be an http(s) URL or a path with {z}, {x} and {y}, got "${value}"`);
  }
  return value;
}

/** The origin the CSP must allow for the map tiles ('self' covers a path on this site). */
export function mapTileOrigin(tileUrl: string): string | null {
  return tileUrl.startsWith('/') ? null : new URL(tileUrl.replace(/[{}]/g, '')).origin;
}

export const DEFAULT_PACKETA_API_URL = 'https://www.zasilkovna.cz/api/rest';

function packetaApiUrl(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_PACKETA_API_URL;
  if (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value)) throw new ConfigError(`PACKETA_API_URL must be an http(s) URL, got "${value}"`);
  return value;
}

export const DEFAULT_PACKETA_FEED_URL = 'https://www.zasilkovna.cz/api/v4/{apiKey}/branch.json';

function packetaFeedUrl(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_PACKETA_FEED_URL;
  if (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value.replace('{apiKey}', 'key'))) {
    throw new ConfigError(`PACKETA_FEED_URL must be an http(s) URL, got "${value}"`);
  }
  return value;
}

export const DEFAULT_FIO_API_URL = 'https://fioapi.fio.cz/v1/rest';

function fioApiUrl(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_FIO_API_URL;
  if (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value)) throw new ConfigError(`FIO_API_URL must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** Fio's limit is one call per token in 30 s; a second more keeps clear of clocks that differ. */
export const FIO_CALL_GAP_SECONDS = 31;

/**
 * FIO_CALL_GAP_SECONDS and FIO_POLL_SECONDS (0 in tests: they kick the poll). The gap may be shorter than
 * Fio's own only for another address (a stand-in of the API); the poll is never more often than the gap.
 */
function fioTiming(env: NodeJS.ProcessEnv, apiUrl: string, mode: Config['env']): { fioCallGapMs: number; fioPollIntervalMs: number } {
  const gap = integer('FIO_CALL_GAP_SECONDS', env.FIO_CALL_GAP_SECONDS, FIO_CALL_GAP_SECONDS, 1, 3600);
  if (gap < FIO_CALL_GAP_SECONDS && apiUrl === DEFAULT_FIO_API_URL) {
    throw new ConfigError(`FIO_CALL_GAP_SECONDS below ${FIO_CALL_GAP_SECONDS} is only for a stand-in of the Fio API (FIO_API_URL): Fio allows one call per 30 s`);
  }
  // tests kick the poll themselves
  if (mode === 'test') return { fioCallGapMs: gap * 1000, fioPollIntervalMs: 0 };
  const poll = integer('FIO_POLL_SECONDS', env.FIO_POLL_SECONDS, Math.max(60, gap), 1, 86_400);
  if (poll < gap) throw new ConfigError(`FIO_POLL_SECONDS must be FIO_CALL_GAP_SECONDS (${gap}) or more, got "${env.FIO_POLL_SECONDS}"`);
  return { fioCallGapMs: gap * 1000, fioPollIntervalMs: poll * 1000 };
}

/** WITHDRAWAL_PERIOD_DAYS: whole days, the law's 14 at least (Civil Code § 1829(1)), a year at most. */
function withdrawalPeriodDays(value: string | undefined): number {
  try {
    return integer('WITHDRAWAL_PERIOD_DAYS', value, DEFAULT_WITHDRAWAL_PERIOD_DAYS, MIN_WITHDRAWAL_PERIOD_DAYS, MAX_WITHDRAWAL_PERIOD_DAYS);
  } catch (error) {
    const short = /^\s*\d+\s*$/.test(value ?? '') && Number(value) < MIN_WITHDRAWAL_PERIOD_DAYS;
    if (error instanceof ConfigError && short) {
      throw new ConfigError(`${error.message}: the law gives consumers ${MIN_WITHDRAWAL_PERIOD_DAYS} days at least (Civil Code § 1829(1))`);
    }
    throw error;
  }
}

/** DISPATCH_CUTOFF: a time of day HH:MM (00:00–23:59), Prague time. */
function dispatchCutoff(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_DISPATCH_CUTOFF;
  const cutoff = value.trim();
  if (parseDispatchCutoff(cutoff) === null) throw new ConfigError(`DISPATCH_CUTOFF must be a time of day HH:MM (00:00-23:59, Prague time), got "${value}"`);
  return cutoff;
}

export const DEFAULT_ARES_URL = 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest';

/** An http(s) base URL without a trailing slash. */
function aresUrl(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_ARES_URL;
  if (!/^https?:\/\/\S+$/.test(value) || !URL.canParse(value)) throw new ConfigError(`ARES_URL must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = integer('PORT', env.PORT, 3000, 0, 65535);
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  const sessionSecret = env.SESSION_SECRET || null;
  if (sessionSecret !== null && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
  }
  if (sessionSecret === null && publicUrl.startsWith('https://')) {
    throw new ConfigError('SESSION_SECRET must be set when the shop is served over https (PUBLIC_URL)');
  }
  const eurRate = env.EUR_RATE ? Number(env.EUR_RATE) : 25;
  if (!Number.isFinite(eurRate) || eurRate <= 0) throw new ConfigError(`EUR_RATE must be a positive number, got "${env.EUR_RATE}"`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgresql:// URL');
  }
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !(/^smtps?:\/\/\S+$/.test(smtpUrl) && URL.canParse(smtpUrl) && new URL(smtpUrl).hostname !== '')) {
    // the value is not echoed: it may carry the SMTP password
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587');
  }
  const mailFrom = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (!/^([^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address like "Shop <shop@example.cz>", got "${mailFrom}"`);
  }
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !(/^rediss?:\/\/\S+$/.test(redisUrl) && URL.canParse(redisUrl))) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  }
  const captchaSecret = env.CAPTCHA_HMAC_KEY || null;
  if (captchaSecret !== null && captchaSecret.length < 32) throw new ConfigError('CAPTCHA_HMAC_KEY must be at least 32 characters long');
  const ticketSecret = env.TICKET_HMAC_KEY || null;
  if (ticketSecret !== null && ticketSecret.length < 32) throw new ConfigError('TICKET_HMAC_KEY must be at least 32 characters long');
  const gtmId = env.ANALYTICS_GTM_ID || null;
  if (gtmId !== null && !/^GTM-[A-Z0-9]{4,12}$/.test(gtmId)) throw new ConfigError(`ANALYTICS_GTM_ID must look like GTM-ABC123, got "${gtmId}"`);
  const socialPixelId = env.SOCIAL_PIXEL_ID || null;
  if (socialPixelId !== null && !/^\d{6,20}$/.test(socialPixelId)) throw new ConfigError(`SOCIAL_PIXEL_ID must be digits, got "${socialPixelId}"`);
  const metricsToken = env.METRICS_TOKEN || null;
  // the value is not echoed: it is a secret
  if (metricsToken !== null && !/^[\x21-\x7e]{32,}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be at least 32 printable characters without spaces');
  }
  const graphiql = flag('GRAPHIQL', env.GRAPHIQL, mode === 'development');
  // tests never reach the internet: without FIO_API_URL a closed local port (their fake sets one)
  const fioUrl = mode === 'test' && !env.FIO_API_URL ? 'http://127.0.0.1:9' : fioApiUrl(env.FIO_API_URL);
  const graphiqlPublic = flag('GRAPHIQL_PUBLIC', env.GRAPHIQL_PUBLIC, false);
  if (graphiqlPublic && !graphiql) throw new ConfigError('GRAPHIQL_PUBLIC=true needs GraphiQL: set GRAPHIQL=true as well');
  const dataDir = env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(env.DATA_DIR || '.data');
  return {
    env: mode,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    redisUrl,
    readyRequiresRedis: flag('READY_REQUIRES_REDIS', env.READY_REQUIRES_REDIS, false),
    dataDir,
    sessionSecret,
    secureCookies: publicUrl.startsWith('https://'),
    publicUrl: publicUrl.replace(/\/$/, ''),
    trustProxy: trustProxy(env.TRUST_PROXY),
    corsOrigins: origins('CORS_ORIGINS', env.CORS_ORIGINS),
    graphiql,
    graphiqlPublic,
    exposeSchema: mode !== 'production',
    graphqlTimeoutMs: integer('GRAPHQL_TIMEOUT_MS', env.GRAPHQL_TIMEOUT_MS, 5000, 100, 60_000),
    seatStreams: {
      perClient: integer('SEAT_STREAMS_PER_CLIENT', env.SEAT_STREAMS_PER_CLIENT, 20, 1, 10_000),
      perInstance: integer('SEAT_STREAMS_MAX', env.SEAT_STREAMS_MAX, 2000, 0, 100_000),
      lifetimeMs: integer('SEAT_STREAM_LIFETIME_MS', env.SEAT_STREAM_LIFETIME_MS, 15 * 60_000, 1000, 24 * 3600_000),
    },
    shutdownDrainMs: integer('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 5000, 0, 300_000),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 100, 600_000),
    startupLockTimeoutMs: integer('STARTUP_LOCK_TIMEOUT_MS', env.STARTUP_LOCK_TIMEOUT_MS, STARTUP_LOCK_TIMEOUT_MS, 1000, 3600_000),
    trustedDocumentsOnly: mode === 'production',
    eurRate,
    smtpUrl,
    // an in-memory database has no directory of its own; its e-mails go to the system's temp directory
    mailDir: dataDir.startsWith('memory://') ? path.join(os.tmpdir(), 'shop-mail') : path.join(dataDir, 'mail'),
    mailFrom,
    // tests kick the sender themselves: no statements of its own in the middle of a test's SQL count
    mailIntervalMs: mode === 'test' ? 0 : 30_000,
    webhookAllowHosts: webhookAllowHosts(env.WEBHOOK_ALLOW_HOSTS, mode),
    // tests run the sender themselves, with the moment they want to be "now"
    webhookIntervalMs: mode === 'test' ? 0 : integer('WEBHOOK_INTERVAL_MS', env.WEBHOOK_INTERVAL_MS, 5000, 0, 3600_000),
    bankTransferPaymentDays: integer('BANK_TRANSFER_PAYMENT_DAYS', env.BANK_TRANSFER_PAYMENT_DAYS, 7, 1, 60),
    withdrawalPeriodDays: withdrawalPeriodDays(env.WITHDRAWAL_PERIOD_DAYS),
    pickupDays: integer('PICKUP_DAYS', env.PICKUP_DAYS, DEFAULT_PICKUP_DAYS, 1, 60),
    reviewsAutoPublish: flag('REVIEWS_AUTO_PUBLISH', env.REVIEWS_AUTO_PUBLISH, false),
    reviewRequestDays: integer('REVIEW_REQUEST_DAYS', env.REVIEW_REQUEST_DAYS, DEFAULT_REVIEW_REQUEST_DAYS, 1, 90),
    dispatchCutoff: dispatchCutoff(env.DISPATCH_CUTOFF),
    ticketPaymentMarginHours: integer('TICKET_PAYMENT_MARGIN_HOURS', env.TICKET_PAYMENT_MARGIN_HOURS, 24, 0, 24 * 30),
    ticketBankTransferMinHours: integer('TICKET_BANK_TRANSFER_MIN_HOURS', env.TICKET_BANK_TRANSFER_MIN_HOURS, 24, 1, 24 * 60),
    seatHolds: {
      clientOrders: integer('SEAT_HOLD_CLIENT_ORDERS', env.SEAT_HOLD_CLIENT_ORDERS, 2, 1, 1000),
      cooldownMs: integer('SEAT_HOLD_COOLDOWN_MS', env.SEAT_HOLD_COOLDOWN_MS, 15 * 60_000, 0, 24 * 3600_000),
      // tests see each change as it is made unless they ask for batches (the batching has tests of its own)
      announceMs: integer('SEAT_CHANGE_BATCH_MS', env.SEAT_CHANGE_BATCH_MS, mode === 'test' ? 0 : 500, 0, 10_000),
    },
    // tests run the job themselves, with the moment they want to be "now"
    unpaidOrdersIntervalMs: mode === 'test' ? 0 : 10 * 60_000,
    pickupRemindersIntervalMs: mode === 'test' ? 0 : 30 * 60_000,
    uncollectedOrdersIntervalMs: mode === 'test' ? 0 : 30 * 60_000,
    reviewRequestsIntervalMs: mode === 'test' ? 0 : 60 * 60_000,
    holdSweepIntervalMs: mode === 'test' ? 0 : 5_000,
    captchaSecret,
    ticketSecret,
    captchaMaxNumber: integer('CAPTCHA_MAX_NUMBER', env.CAPTCHA_MAX_NUMBER, mode === 'test' ? 200 : 50_000, 10, 10_000_000),
    gtmId,
    socialPixelId,
    conversions: conversionSettings(env, mode),
    seedDemoData: flag('SEED_DEMO_DATA', env.SEED_DEMO_DATA, true),
    // tests never reach the internet: without ARES_URL they get a closed local port (their fake sets one)
    aresUrl: mode === 'test' && !env.ARES_URL ? 'http://127.0.0.1:9' : aresUrl(env.ARES_URL),
    aresTimeoutMs: integer('ARES_TIMEOUT_MS', env.ARES_TIMEOUT_MS, 4000, 100, 30_000),
    packetaApiKey: env.PACKETA_API_KEY?.trim() || null,
    // tests never reach the internet: without PACKETA_FEED_URL a closed local port (their fake sets one)
    packetaFeedUrl: mode === 'test' && !env.PACKETA_FEED_URL ? 'http://127.0.0.1:9/{apiKey}/branch.json' : packetaFeedUrl(env.PACKETA_FEED_URL),
    packetaFeedTimeoutMs: integer('PACKETA_FEED_TIMEOUT_MS', env.PACKETA_FEED_TIMEOUT_MS, 120_000, 1000, 600_000),
    packetaFeedMaxBytes: integer('PACKETA_FEED_MAX_MB', env.PACKETA_FEED_MAX_MB, 200, 1, 2000) * 1024 * 1024,
    // tests run the refresh themselves
    packetaRefreshIntervalMs: mode === 'test' ? 0 : integer('PACKETA_REFRESH_HOURS', env.PACKETA_REFRESH_HOURS, 12, 1, 168) * 3600_000,
    packetaApiPassword: env.PACKETA_API_PASSWORD?.trim() || null,
    // tests never reach the internet: without PACKETA_API_URL a closed local port (their fake sets one)
    packetaApiUrl: mode === 'test' && !env.PACKETA_API_URL ? 'http://127.0.0.1:9/api/rest' : packetaApiUrl(env.PACKETA_API_URL),
    packetaApiTimeoutMs: integer('PACKETA_API_TIMEOUT_MS', env.PACKETA_API_TIMEOUT_MS, 10_000, 100, 120_000),
    packetaEshop: env.PACKETA_ESHOP?.trim() || null,
    fioApiToken: env.FIO_API_TOKEN?.trim() || null,
    // an in-memory database has no directory of its own: a temporary one per process (tests set their own)
    feedsDir: env.FEEDS_DIR ? path.resolve(env.FEEDS_DIR) : dataDir.startsWith('memory://') ? path.join(os.tmpdir(), `shop-feeds-${process.pid}`) : path.join(dataDir, 'feeds'),
    // tests write the feeds themselves (or turn the job on in their config)
    feedsIntervalMs: mode === 'test' ? 0 : integer('FEEDS_INTERVAL_MINUTES', env.FEEDS_INTERVAL_MINUTES, 60, 5, 60) * 60_000,
    feedsDebounceMs: mode === 'test' ? 0 : integer('FEEDS_DEBOUNCE_SECONDS', env.FEEDS_DEBOUNCE_SECONDS, 60, 0, 3600) * 1000,
    feedsRestockDays: integer('FEEDS_RESTOCK_DAYS', env.FEEDS_RESTOCK_DAYS, 31, 1, 999),
    feedsWriterHeapMb: integer('FEEDS_WRITER_HEAP_MB', env.FEEDS_WRITER_HEAP_MB, 24, 4, 1024),
    fioApiUrl: fioUrl,
    ...fioTiming(env, fioUrl, mode),
    // tests never fetch tiles from the internet: without MAP_TILE_URL they ask this site for tiles it does not have
    mapTileUrl: mode === 'test' && !env.MAP_TILE_URL ? '/map-tiles-offline/{z}/{x}/{y}.png' : mapTileUrl(env.MAP_TILE_URL),
    logQueries: flag('LOG_QUERIES', env.LOG_QUERIES, false),
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken,
    preparedStatements: flag('DATABASE_PREPARED_STATEMENTS', env.DATABASE_PREPARED_STATEMENTS, true),
    responseCache: flag('RESPONSE_CACHE', env.RESPONSE_CACHE, mode !== 'test'),
    ssr: mode === 'production' ? 'build' : mode === 'development' ? 'vite' : 'off',
    hmrPort: integer('HMR_PORT', env.HMR_PORT, 24678, 1024, 65535),
    ...overrides,
  };
}
