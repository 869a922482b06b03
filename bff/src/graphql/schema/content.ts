// Content: info pages (terms, privacy ...), blog articles and the home page's info tiles.
import { builder, CATALOG_READ } from './builder.ts';
import { LocalizedSlug, localizedSlugs, pick } from './catalog.ts';

/** A list of pages or articles reads titles and links, not every body in both languages. */
const TITLE_AND_SLUG = { translations: { select: { language: true, title: true, slug: true } } } as const;

builder.prismaNode('InfoPage', {
  id: { field: 'id' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number in the page’s address (/info/{databaseId}/{slug}).' }),
    title: t.string({ select: TITLE_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.title ?? '' }),
    slug: t.string({ select: TITLE_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.slug ?? '' }),
    body: t.string({ select: { translations: { select: { language: true, body: true } } }, resolve: (p, _a, ctx) => pick(p, ctx.language)?.body ?? '' }),
    slugs: t.field({ type: [LocalizedSlug], select: TITLE_AND_SLUG, resolve: localizedSlugs }),
  }),
});

builder.prismaNode('Article', {
  id: { field: 'id' },
  fields: (t) => ({
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    title: t.string({ select: TITLE_AND_SLUG, resolve: (a, _x, ctx) => pick(a, ctx.language)?.title ?? '' }),
    slug: t.string({ select: TITLE_AND_SLUG, resolve: (a, _x, ctx) => pick(a, ctx.language)?.slug ?? '' }),
    perex: t.string({ select: { translations: { select: { language: true, perex: true } } }, resolve: (a, _x, ctx) => pick(a, ctx.language)?.perex ?? '' }),
    body: t.string({ select: { translations: { select: { language: true, body: true } } }, resolve: (a, _x, ctx) => pick(a, ctx.language)?.body ?? '' }),
    slugs: t.field({ type: [LocalizedSlug], select: TITLE_AND_SLUG, resolve: localizedSlugs }),
  }),
});

builder.prismaNode('InfoTile', {
  id: { field: 'id' },
  fields: (t) => ({
    imageUrl: t.exposeString('imageUrl'),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    title: t.string({ select: { translations: true }, resolve: (i, _a, ctx) => pick(i, ctx.language)?.title ?? '' }),
    subtitle: t.string({ select: { translations: true }, resolve: (i, _a, ctx) => pick(i, ctx.language)?.subtitle ?? '' }),
    link: t.string({
      nullable: true,
      select: { translations: true },
      resolve: (i, _a, ctx) => pick(i, ctx.language)?.link ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  infoPage: t.prismaField({
    ...CATALOG_READ,
    type: 'InfoPage',
    nullable: true,
    description: 'An info page by the number in its address (/info/{databaseId}/{slug}).',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.infoPage.findUnique({ ...query, where: { id: args.databaseId } }),
  }),
  infoPages: t.prismaField({
    ...CATALOG_READ,
    type: ['InfoPage'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.infoPage.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),
  articles: t.prismaField({
    ...CATALOG_READ,
    type: ['Article'],
    args: { first: t.arg.int({ required: false, description: 'At most 100 (default 20).' }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.article.findMany({
        ...query,
        where: { publishedAt: { lte: new Date() } },
        orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
        take: Math.min(Math.max(args.first ?? 20, 1), 100),
      }),
  }),
  article: t.prismaField({
    ...CATALOG_READ,
    type: 'Article',
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.article.findFirst({
        ...query,
        where: {
          publishedAt: { lte: new Date() },
          translations: { some: { language: ctx.language, slug: args.slug.slice(0, 200) } },
        },
      }),
  }),
  infoTiles: t.prismaField({
    ...CATALOG_READ,
    type: ['InfoTile'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.infoTile.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),
}));
