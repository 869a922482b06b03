// Pick-up points as shoppers find and choose them (the 'parcel-point' delivery; docs/decisions/0032).
// The search reads only the PickupPoint table, which the feed job fills (services/pickup-point-feed.ts):
// a town, a street or a PSČ finds the open points of the active provider; the place searched for is
// the centre of the matching town's (or PSČ's) points, and the list is every open point near it,
// nearest first, with its distance. A shopper's own PSČ can stand in for the searched place.
import type { Db } from '../db/client.ts';
import type { Prisma, PickupPoint } from '../generated/prisma/client.ts';
import { activePickupPointProvider } from './pickup-point-feed.ts';
import { normalizeSearchText } from './search-text.ts';
import { PICKUP_POINTS_DEFAULT_FIRST, PICKUP_POINTS_MAX_FIRST, PICKUP_POINT_SEARCH_MAX_LENGTH } from '../../../schema/rules/index.ts';

export type PickupPointHit = { point: PickupPoint; distanceKm: number | null };
export type PickupPointSearch = { hits: PickupPointHit[] };

/** Matching points read at most to find the searched place (a common street name in many towns). */
const MATCHES_READ = 400;
/** How far around the searched place neighbouring points are listed (about 11 km north–south). */
const NEAR_DEGREES = 0.1;

/** Great-circle distance in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function centre(points: readonly PickupPoint[]): { latitude: number; longitude: number } | null {
  if (points.length === 0) return null;
  return {
    latitude: points.reduce((sum, point) => sum + point.latitude, 0) / points.length,
    longitude: points.reduce((sum, point) => sum + point.longitude, 0) / points.length,
  };
}

/** The points a search text matches: PSČ digits by prefix, else a town by its start or a street anywhere. */
function matchCondition(query: string): Prisma.PickupPointWhereInput | null {
  const compact = query.replace(/\s/g, '');
  if (/^\d{1,5}$/.test(compact)) return { searchText: { contains: `|${compact}` } };
  const words = normalizeSearchText(query).replace(/[|%_\\]/g, ' ').trim();
  if (words.length < 2) return null;
  return { searchText: { contains: words } };
}

/** The place a search means: the centre of the matching town's points, else of the matches themselves. */
function searchedPlace(query: string, matches: readonly PickupPoint[]) {
  const wanted = normalizeSearchText(query);
  const towns = new Map<string, PickupPoint[]>();
  for (const point of matches) {
    const town = normalizeSearchText(point.city);
    if (!town.startsWith(wanted)) continue;
    towns.set(town, [...(towns.get(town) ?? []), point]);
  }
  if (towns.size > 0) {
    // "Praha" matches "Praha 1" … "Praha 10": the town named exactly, else the one with most points
    const [best] = [...towns.entries()].sort(([a, pa], [b, pb]) => Number(b === wanted) - Number(a === wanted) || pb.length - pa.length || a.localeCompare(b));
    return centre(best[1]);
  }
  return centre(matches);
}

/**
 * Open points of the active provider for a search (a town, street or PSČ; at most
 * PICKUP_POINT_SEARCH_MAX_LENGTH characters) or, without one, the shopper's PSČ; nearest first.
 * Neither given, or nothing found: an empty list.
 */
export async function searchPickupPoints(
  db: Db,
  config: { packetaApiKey: string | null },
  input: { search?: string | null; postcode?: string | null; first?: number | null },
): Promise<PickupPointSearch> {
  const first = Math.min(Math.max(input.first ?? PICKUP_POINTS_DEFAULT_FIRST, 1), PICKUP_POINTS_MAX_FIRST);
  const query = (input.search ?? '').trim().slice(0, PICKUP_POINT_SEARCH_MAX_LENGTH) || (input.postcode ?? '').replace(/\s/g, '').slice(0, 5);
  const condition = query ? matchCondition(query) : null;
  if (!condition) return { hits: [] };
  const provider = activePickupPointProvider(config);
  const matches = await db.pickupPoint.findMany({ where: { provider, open: true, ...condition }, take: MATCHES_READ, orderBy: { id: 'asc' } });
  const place = searchedPlace(query, matches);
  if (!place) return { hits: [] };
  const near = await db.pickupPoint.findMany({
    where: {
      provider,
      open: true,
      latitude: { gte: place.latitude - NEAR_DEGREES, lte: place.latitude + NEAR_DEGREES },
      longitude: { gte: place.longitude - NEAR_DEGREES * 1.5, lte: place.longitude + NEAR_DEGREES * 1.5 },
    },
    take: 2000,
  });
  const byId = new Map([...matches, ...near].map((point) => [point.id, point]));
  const hits = [...byId.values()]
    .map((point) => ({ point, distanceKm: distanceKm(place, point) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.point.id - b.point.id);
  return { hits: hits.slice(0, first) };
}

/** A point by its id, whatever its state (a cart or an order may name a point that closed since). */
export function pickupPointById(db: Db | Prisma.TransactionClient, id: number): Promise<PickupPoint | null> {
  return db.pickupPoint.findUnique({ where: { id } });
}

/** The week of a point's opening hours as stored (seven strings, Monday first). */
export function openingWeek(point: Pick<PickupPoint, 'openingHours'>): string[] {
  const value = point.openingHours;
  return Array.from({ length: 7 }, (_unused, day) => (Array.isArray(value) && typeof value[day] === 'string' ? (value[day] as string) : ''));
}

/** What an order keeps of its point: where the parcel goes, as it was when the order was placed. */
export type PickupPointSnapshot = {
  id: number;
  provider: string;
  providerId: string;
  name: string;
  type: PickupPoint['type'];
  street: string;
  city: string;
  postcode: string;
  country: string;
};

export function pickupPointSnapshot(point: PickupPoint): PickupPointSnapshot {
  const { id, provider, providerId, name, type, street, city, postcode, country } = point;
  return { id, provider, providerId, name, type, street, city, postcode, country };
}
