// Where the pick-up points come from (docs/decisions/0032-pickup-points.md). A provider hands over its
// points as PickupPointRecords; storePickupPoints writes them into PickupPoint in batches (insert or
// update by provider id) and closes the provider's points its list no longer has. Two providers:
// - Packeta (PACKETA_API_KEY): its JSON branch export, fetched by the refresh job in the background
//   (bff/src/jobs/pickup-point-feed.ts), never on a shopper's request; read
//   defensively: a size limit, a timeout, and a row that is not a usable point is skipped, not fatal;
// - the demo list (prisma/seed/data/pickup-points.ts), loaded with the demo data.
// Shoppers only ever read the table (services/pickup-points.ts).
import type { Db } from '../db/client.ts';
import { inTransaction } from '../events/record.ts';
import type { PickupPointType } from '../generated/prisma/client.ts';
import { normalizeSearchText } from './search-text.ts';
import { normalizePostcode } from '../../../schema/rules/index.ts';

/** One point as a provider describes it. */
export type PickupPointRecord = {
  providerId: string;
  name: string;
  type: PickupPointType;
  street: string;
  city: string;
  postcode: string;
  country: 'CZ' | 'SK';
  latitude: number;
  longitude: number;
  /** Monday to Sunday, "" for a closed day. */
  openingHours: string[];
  open: boolean;
};

export const PACKETA_PROVIDER = 'packeta';
export const DEMO_PROVIDER = 'demo';

/** The provider whose points shoppers pick from: Packeta's with an API key, the demo list without. */
export function activePickupPointProvider(config: { packetaApiKey: string | null }): string {
  return config.packetaApiKey ? PACKETA_PROVIDER : DEMO_PROVIDER;
}

/** What the search matches: "city|street|postcode digits", lower case without diacritics. */
export function pickupPointSearchText(point: Pick<PickupPointRecord, 'city' | 'street' | 'postcode'>): string {
  return `${normalizeSearchText(point.city)}|${normalizeSearchText(point.street)}|${point.postcode.replace(/\s/g, '')}`;
}

// ------------------------------------------------------------------ storing

const BATCH = 500;

/** The transaction lock of a write of points (the bytes of "pickpts"): one instance writes at a time. */
const STORE_LOCK_KEY = '31640779451183219';

/**
 * Writes a provider's points (inserted, or updated by provider id) and closes the provider's other
 * points. Returns how many were written, or null when another instance is writing points right now
 * (it holds the lock; this write is dropped, that one has the same feed). One transaction: a shopper
 * never sees half a feed. Recorded as DeliveryChanged (the checkout's answers that list points).
 */
export async function storePickupPoints(db: Db, provider: string, records: readonly PickupPointRecord[]): Promise<number | null> {
  return inTransaction(
    db,
    async (tx, changes) => {
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${STORE_LOCK_KEY}::bigint) AS locked`;
      if (!locked) return null;
      for (let start = 0; start < records.length; start += BATCH) {
        const batch = records.slice(start, start + BATCH);
        const column = <T>(read: (record: PickupPointRecord) => T) => batch.map(read);
        await tx.$executeRaw`
          INSERT INTO "PickupPoint" ("provider", "providerId", "name", "type", "street", "city", "postcode", "country",
                                     "latitude", "longitude", "openingHours", "open", "searchText", "updatedAt")
          SELECT ${provider}, p.provider_id, p.name, p.type::"PickupPointType", p.street, p.city, p.postcode, p.country,
                 p.latitude, p.longitude, p.hours::jsonb, p.open, p.search_text, CURRENT_TIMESTAMP
            FROM unnest(${column((r) => r.providerId)}::text[], ${column((r) => r.name)}::text[], ${column((r) => r.type)}::text[],
                        ${column((r) => r.street)}::text[], ${column((r) => r.city)}::text[], ${column((r) => r.postcode)}::text[],
                        ${column((r) => r.country)}::text[], ${column((r) => r.latitude)}::float8[], ${column((r) => r.longitude)}::float8[],
                        ${column((r) => JSON.stringify(r.openingHours))}::text[], ${column((r) => r.open)}::boolean[],
                        ${column(pickupPointSearchText)}::text[])
                 AS p(provider_id, name, type, street, city, postcode, country, latitude, longitude, hours, open, search_text)
          ON CONFLICT ("provider", "providerId") DO UPDATE SET
            "name" = EXCLUDED."name", "type" = EXCLUDED."type", "street" = EXCLUDED."street", "city" = EXCLUDED."city",
            "postcode" = EXCLUDED."postcode", "country" = EXCLUDED."country", "latitude" = EXCLUDED."latitude",
            "longitude" = EXCLUDED."longitude", "openingHours" = EXCLUDED."openingHours", "open" = EXCLUDED."open",
            "searchText" = EXCLUDED."searchText", "updatedAt" = CURRENT_TIMESTAMP`;
      }
      // a point the provider no longer lists takes no parcels; it stays for the carts and orders that name it
      await tx.$executeRaw`
        UPDATE "PickupPoint" SET "open" = false, "updatedAt" = CURRENT_TIMESTAMP
         WHERE "provider" = ${provider} AND "open" AND NOT ("providerId" = ANY(${records.map((r) => r.providerId)}::text[]))`;
      changes.record({ kind: 'DeliveryChanged' });
      return records.length;
    },
    { maxWait: 30_000, timeout: 300_000 },
  );
}

// ------------------------------------------------------------------ the Packeta feed

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function text(value: unknown, max: number): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  // the feed's texts may carry HTML (<strong>, <br>) and entities
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ,/g, ',')
    .trim()
    .slice(0, max);
}

function coordinate(value: unknown, limit: number): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** One branch of Packeta's export as a point; null for anything that is not a usable CZ or SK point. */
export function readPacketaBranch(value: unknown): PickupPointRecord | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const branch = value as Record<string, unknown>;
  const providerId = text(branch.id, 20);
  const name = text(branch.name, 200);
  const street = text(branch.street, 200);
  const city = text(branch.city, 100);
  const country = text(branch.country, 2).toUpperCase();
  const latitude = coordinate(branch.latitude, 90);
  const longitude = coordinate(branch.longitude, 180);
  if (!/^\d+$/.test(providerId) || !name || !street || !city || latitude === null || longitude === null) return null;
  if (country !== 'CZ' && country !== 'SK') return null;
  const zip = text(branch.zip, 10);
  const postcode = normalizePostcode(zip, country);
  if (!postcode) return null;
  if (branch.displayFrontend !== undefined && String(branch.displayFrontend) === '0') return null;
  const hours = branch.openingHours !== null && typeof branch.openingHours === 'object' ? (branch.openingHours as Record<string, unknown>) : {};
  const regular = hours.regular !== null && typeof hours.regular === 'object' ? (hours.regular as Record<string, unknown>) : {};
  const status = branch.status !== null && typeof branch.status === 'object' ? (branch.status as Record<string, unknown>) : {};
  const statusId = text(status.statusId, 4);
  const box = /\bz-?box\b/i.test(`${name} ${text(branch.place, 200)}`);
  return {
    providerId,
    name,
    type: box ? 'BOX' : 'POINT',
    street,
    city,
    postcode,
    country,
    latitude,
    longitude,
    openingHours: WEEK.map((day) => text(regular[day], 60).replace(/\s*-\s*/g, '–')),
    // status 1: in operation; anything else (closed for a holiday, withdrawn) takes no parcels now
    open: statusId === '' || statusId === '1',
  };
}

/** The export's branches (an object keyed by id under "data", or a list), each read; unusable ones skipped. */
export function readPacketaFeed(body: unknown): { points: PickupPointRecord[]; skipped: number } {
  const data = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).data : undefined;
  const rows = Array.isArray(data) ? data : data !== null && typeof data === 'object' ? Object.values(data) : null;
  if (!rows) throw new Error('the Packeta feed has no "data" with branches');
  const seen = new Set<string>();
  const points: PickupPointRecord[] = [];
  for (const row of rows) {
    const point = readPacketaBranch(row);
    if (!point || seen.has(point.providerId)) continue;
    seen.add(point.providerId);
    points.push(point);
  }
  return { points, skipped: rows.length - points.length };
}

export type PacketaFeedOptions = {
  apiKey: string;
  url: string;
  timeoutMs: number;
  maxBytes: number;
  /** Stops the download early (the app shutting down). */
  signal?: AbortSignal;
};

/** Downloads the export: an error for a failed answer, a body over maxBytes, a timeout, or no JSON. */
export async function fetchPacketaFeed(options: PacketaFeedOptions): Promise<unknown> {
  const url = options.url.replace('{apiKey}', encodeURIComponent(options.apiKey));
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow', signal });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`the Packeta feed answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? '0') > options.maxBytes) {
    await response.body.cancel();
    throw new Error('the Packeta feed is larger than PACKETA_FEED_MAX_MB');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > options.maxBytes) throw new Error('the Packeta feed is larger than PACKETA_FEED_MAX_MB');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

export type RefreshOutcome = { stored: number | null; skipped: number };

/**
 * Fetches Packeta's feed and stores it (stored: null when another instance was storing it at the same
 * moment). A feed with no usable point at all is refused: it would close every point.
 */
export async function refreshPacketaPoints(db: Db, options: PacketaFeedOptions): Promise<RefreshOutcome> {
  const { points, skipped } = readPacketaFeed(await fetchPacketaFeed(options));
  if (points.length === 0) throw new Error(`the Packeta feed has no usable point (${skipped} rows skipped)`);
  return { stored: await storePickupPoints(db, PACKETA_PROVIDER, points), skipped };
}
