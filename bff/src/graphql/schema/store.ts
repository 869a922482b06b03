// Physical stores (branches): address, GPS position and opening hours.
import { builder, CATALOG_READ } from './builder.ts';
import { pick } from './catalog.ts';

builder.prismaObject('StoreOpeningHours', {
  fields: (t) => ({
    dayOfWeek: t.exposeInt('dayOfWeek', { description: 'ISO day of week, 1 = Monday.' }),
    opens: t.exposeString('opens'),
    closes: t.exposeString('closes'),
  }),
});

builder.prismaNode('Store', {
  id: { field: 'id' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number in the store page’s address (/prodejny/{databaseId}).' }),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    postcode: t.exposeString('postcode'),
    country: t.exposeString('country'),
    phone: t.exposeString('phone'),
    email: t.exposeString('email'),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    description: t.string({
      select: { translations: true },
      resolve: (s, _a, ctx) => pick(s, ctx.language)?.description ?? '',
    }),
    openingHours: t.relation('openingHours', { query: { orderBy: [{ dayOfWeek: 'asc' }, { opens: 'asc' }] } }),
  }),
});

builder.queryFields((t) => ({
  stores: t.prismaField({
    ...CATALOG_READ,
    type: ['Store'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.store.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),
  store: t.prismaField({
    ...CATALOG_READ,
    type: 'Store',
    nullable: true,
    description: 'A store by the number in its page’s address (/prodejny/{databaseId}).',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.store.findUnique({ ...query, where: { id: args.databaseId } }),
  }),
}));
