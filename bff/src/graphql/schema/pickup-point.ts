// Pick-up points of the 'parcel-point' delivery: the public search (Query.pickupPoints) and the
// checkout's chosen point (Checkout.pickupPoint, set with updateCheckout(pickupPointId)).
import { builder, CATALOG_READ, PUBLIC_ANSWER } from './builder.ts';
import { formatDistance, formatOpeningHours, PICKUP_POINT_SEARCH_MAX_LENGTH, PICKUP_POINTS_MAX_FIRST } from '../../../../schema/rules/index.ts';
import { openingWeek, searchPickupPoints, type PickupPointHit } from '../../services/pickup-points.ts';

export const PickupPointTypeEnum = builder.enumType('PickupPointType', {
  description: 'POINT: a shop that hands parcels over; BOX: a parcel locker.',
  values: {
    POINT: { description: 'A shop or counter that hands parcels over during its opening hours.' },
    BOX: { description: 'A parcel locker.' },
  } as const,
});

builder.prismaNode('PickupPoint', {
  id: { field: 'id', description: 'Global id of the point: `CheckoutInput.pickupPointId` takes it.' },
  description: 'A carrier’s pick-up point or parcel locker (Packeta’s, or the demo network without PACKETA_API_KEY).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The point’s name as the carrier gives it.' }),
    type: t.field({ type: PickupPointTypeEnum, description: 'A counter or a locker.', resolve: (point) => point.type }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    city: t.exposeString('city', { description: 'Town or city.' }),
    postcode: t.exposeString('postcode', { description: 'Postcode (PSČ), as the carrier gives it.' }),
    country: t.exposeString('country', { description: 'CZ or SK.' }),
    latitude: t.exposeFloat('latitude', { description: 'WGS 84 latitude in degrees.' }),
    longitude: t.exposeFloat('longitude', { description: 'WGS 84 longitude in degrees.' }),
    open: t.exposeBoolean('open', { description: 'False: it takes no parcels now and cannot be chosen.' }),
    openingHours: t.stringList({ description: 'Monday to Sunday, "" for a closed day.', resolve: (point) => openingWeek(point) }),
    openingHoursText: t.string({
      description: 'The week in one line in the request language: "Po–Pá 08:00–18:00, So 09:00–12:00".',
      resolve: (point, _a, ctx) => formatOpeningHours(openingWeek(point), ctx.language),
    }),
  }),
});

const PickupPointHitRef = builder.objectRef<PickupPointHit>('PickupPointHit').implement({
  description: 'A point the search found, with its distance from the searched place.',
  fields: (t) => ({
    point: t.prismaField({ type: 'PickupPoint', description: 'The point.', resolve: (_query, hit) => hit.point }),
    distanceKm: t.exposeFloat('distanceKm', { nullable: true, description: 'Kilometres from the searched place in a straight line; null when the place is not known.' }),
    distanceText: t.string({
      nullable: true,
      description: '"350 m", "1,2 km" in the request language; null when the place is not known.',
      resolve: (hit, _a, ctx) => (hit.distanceKm === null ? null : formatDistance(hit.distanceKm, ctx.language)),
    }),
  }),
});

builder.queryFields((t) => ({
  pickupPoints: t.field({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: [PickupPointHitRef],
    description:
      'Open pick-up points for a town, a street or a PSČ (`search`), or near the shopper’s PSČ (`postcode`), nearest ' +
      'to the searched place first. Nothing to search: an empty list.',
    args: {
      search: t.arg.string({ description: `A town, a street or a PSČ; longer than ${PICKUP_POINT_SEARCH_MAX_LENGTH} characters is cut.` }),
      postcode: t.arg.string({ description: 'The shopper’s PSČ, used when there is no search.' }),
      first: t.arg.int({ description: `How many points (1–${PICKUP_POINTS_MAX_FIRST}; 20 when left out).` }),
    },
    resolve: async (_root, args, ctx) => (await searchPickupPoints(ctx.prisma, ctx.config, args)).hits,
  }),
}));
