// Physical stores (branches): address, GPS position and opening hours.
import { builder, CATALOG_READ, PUBLIC_ANSWER } from './builder.ts';
import { pick } from './catalog.ts';

builder.prismaObject('StoreOpeningHours', {
  description: 'The regular opening hours of a store on one day of the week (a day may have two slots, e.g. around lunch).',
  fields: (t) => ({
    dayOfWeek: t.exposeInt('dayOfWeek', { description: 'ISO day of week, 1 = Monday.' }),
    opens: t.exposeString('opens', { description: 'HH:MM, Prague time.' }),
    closes: t.exposeString('closes', { description: 'HH:MM, Prague time.' }),
  }),
});

builder.prismaNode('Store', {
  description: 'One of the shop’s own stores: where it is, how to reach it and when it is open; also a place of personal pickup.',
  id: { field: 'id', description: 'Global id of the store: `CheckoutInput.storeId` takes it.' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number in the store page’s address (/prodejny/{databaseId}).' }),
    slug: t.exposeString('slug', { description: 'The store in a URL-safe form (the same in every language).' }),
    name: t.exposeString('name', { description: 'The store’s name.' }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    city: t.exposeString('city', { description: 'Town or city.' }),
    postcode: t.exposeString('postcode', { description: 'Postcode (PSČ).' }),
    country: t.exposeString('country', { description: 'ISO country code (CZ).' }),
    phone: t.exposeString('phone', { description: 'The store’s phone number, as it is written for people.' }),
    email: t.exposeString('email', { description: 'The store’s e-mail.' }),
    latitude: t.exposeFloat('latitude', { description: 'WGS 84 latitude in degrees.' }),
    longitude: t.exposeFloat('longitude', { description: 'WGS 84 longitude in degrees.' }),
    description: t.string({
      description: 'How to find it, parking … in the request language (plain text; may be empty).',
      select: { translations: true },
      resolve: (s, _a, ctx) => pick(s, ctx.language)?.description ?? '',
    }),
    openingHours: t.relation('openingHours', { description: 'The regular week, Monday first; a day not listed is closed.', query: { orderBy: [{ dayOfWeek: 'asc' }, { opens: 'asc' }] } }),
  }),
});

builder.queryFields((t) => ({
  stores: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ['Store'],
    description: 'Every store, in the shop’s order.',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('stores');
      return ctx.prisma.store.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
  store: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'Store',
    nullable: true,
    description: 'A store by the number in its page’s address (/prodejny/{databaseId}); null when there is none.',
    args: { databaseId: t.arg.int({ required: true, description: 'Store.databaseId.' }) },
    resolve: (query, _root, args, ctx) => {
      ctx.tagAnswer('stores');
      return ctx.prisma.store.findUnique({ ...query, where: { id: args.databaseId } });
    },
  }),
}));
