// What the store pages and the pickup picker show beyond a store's address: "open now, closes at …"
// judged on the Prague clock with the shop's holidays (schema/rules/opening-hours.ts), the special days
// ahead, and where the map tiles come from (MAP_TILE_URL).
import { builder, PUBLIC_ANSWER } from './builder.ts';
import type { Context } from '../context.ts';
import { addDays, hoursOn, openingStatus, pragueClock, type SpecialDay, type WeeklySlot } from '../../../../schema/rules/opening-hours.ts';

/** Special days shown ahead of today on a store page. */
const SPECIAL_DAYS_AHEAD = 45;

type StatusShape = ReturnType<typeof openingStatus>;
type NextOpening = NonNullable<StatusShape['nextOpening']>;
type SpecialDayShape = { date: string; dayOfWeek: number; opens: string | null; closes: string | null };

// The shop-wide days (storeId NULL) are read once per request, however many stores a page lists.
const shopWideDays = new WeakMap<Context, Promise<SpecialDay[]>>();

function shopDays(ctx: Context): Promise<SpecialDay[]> {
  let days = shopWideDays.get(ctx);
  if (!days) {
    const from = pragueClock(new Date()).date;
    days = ctx.prisma.storeSpecialDay
      .findMany({ where: { storeId: null, date: { gte: from } }, select: { date: true, opens: true, closes: true }, orderBy: { date: 'asc' } })
      .then((rows) => rows.map((row) => ({ ...row, storeSpecific: false })));
    shopWideDays.set(ctx, days);
  }
  return days;
}

type StoreHoursParent = {
  openingHours: { dayOfWeek: number; opens: string; closes: string }[];
  specialDays: { date: string; opens: string | null; closes: string | null }[];
};

async function storeCalendar(store: StoreHoursParent, ctx: Context): Promise<{ week: WeeklySlot[]; days: SpecialDay[] }> {
  const own = store.specialDays.map((day) => ({ ...day, storeSpecific: true }));
  return { week: store.openingHours, days: [...own, ...(await shopDays(ctx))] };
}

const NextOpeningRef = builder.objectRef<NextOpening>('StoreNextOpening').implement({
  description: 'When a closed store opens next.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'Prague calendar day, YYYY-MM-DD.' }),
    dayOfWeek: t.exposeInt('dayOfWeek', { description: 'ISO day of week, 1 = Monday.' }),
    opens: t.exposeString('opens', { description: 'HH:MM, Prague time.' }),
  }),
});

const OpeningStatusRef = builder.objectRef<StatusShape>('StoreOpeningStatus').implement({
  description: 'Whether the store is open at the moment of the request (Prague time, holidays included).',
  fields: (t) => ({
    open: t.exposeBoolean('open', { description: 'Open now.' }),
    closesAt: t.exposeString('closesAt', { nullable: true, description: 'While open: HH:MM when it closes; null while closed.' }),
    nextOpening: t.field({ type: NextOpeningRef, nullable: true, description: 'While closed: when it opens next; null while open.', resolve: (status) => status.nextOpening }),
    holidayToday: t.exposeBoolean('holidayToday', { description: 'Closed all day today for a holiday.' }),
    specialToday: t.exposeBoolean('specialToday', { description: 'Today has other hours than the regular week.' }),
  }),
});

const SpecialDayRef = builder.objectRef<SpecialDayShape>('StoreSpecialDay').implement({
  description: 'A day ahead with other hours than the regular week: closed (opens and closes null) or special hours.',
  fields: (t) => ({
    date: t.exposeString('date', { description: 'Prague calendar day, YYYY-MM-DD.' }),
    dayOfWeek: t.exposeInt('dayOfWeek', { description: 'ISO day of week, 1 = Monday.' }),
    opens: t.exposeString('opens', { nullable: true, description: 'HH:MM, Prague time; null: closed all day.' }),
    closes: t.exposeString('closes', { nullable: true, description: 'HH:MM, Prague time; null: closed all day.' }),
  }),
});

const hoursSelect = {
  openingHours: { select: { dayOfWeek: true, opens: true, closes: true } },
  specialDays: { select: { date: true, opens: true, closes: true } },
} as const;

builder.prismaObjectFields('Store', (t) => ({
  openingStatus: t.field({
    type: OpeningStatusRef,
    description: 'Whether it is open now, and until when or from when.',
    select: hoursSelect,
    resolve: async (store, _args, ctx) => {
      const { week, days } = await storeCalendar(store, ctx);
      return openingStatus(new Date(), week, days);
    },
  }),
  specialDays: t.field({
    type: [SpecialDayRef],
    description: `Holidays and special hours from today on (${SPECIAL_DAYS_AHEAD} days), the store’s own before the shop’s.`,
    select: hoursSelect,
    resolve: async (store, _args, ctx) => {
      const { week, days } = await storeCalendar(store, ctx);
      const today = pragueClock(new Date()).date;
      const last = addDays(today, SPECIAL_DAYS_AHEAD);
      const dates = [...new Set(days.map((day) => day.date))].filter((date) => date >= today && date <= last).sort();
      return dates.map((date) => {
        const hours = hoursOn(date, week, days);
        return { date, dayOfWeek: hours.dayOfWeek, opens: hours.slots[0]?.opens ?? null, closes: hours.slots[0]?.closes ?? null };
      });
    },
  }),
}));

const MapSettingsRef = builder.objectRef<{ tileUrl: string }>('MapSettings').implement({
  description: 'The map tiles the store maps show.',
  fields: (t) => ({
    tileUrl: t.exposeString('tileUrl', { description: 'Tile URL template with {z}, {x} and {y} (OpenStreetMap unless MAP_TILE_URL says otherwise).' }),
    attribution: t.string({ description: 'The credit the map must show with the tiles.', resolve: () => '© OpenStreetMap contributors' }),
  }),
});

builder.queryField('mapSettings', (t) =>
  t.field({
    ...PUBLIC_ANSWER,
    type: MapSettingsRef,
    description: 'Where the store maps load their tiles from.',
    resolve: (_root, _args, ctx) => {
      ctx.tagAnswer('stores');
      return { tileUrl: ctx.config.mapTileUrl };
    },
  }),
);
