// Content: info pages (terms, privacy ...), blog articles and the home page's info tiles.
import { builder, CATALOG_READ, PUBLIC_ANSWER } from './builder.ts';
import { LocalizedSlug, localizedSlugs, pick } from './catalog.ts';

/** A list of pages or articles reads titles and links, not every body in both languages. */
const TITLE_AND_SLUG = { translations: { select: { language: true, title: true, slug: true } } } as const;

builder.prismaNode('InfoPage', {
  description: 'A page of information (terms and conditions, privacy, delivery …), in the request language.',
  id: { field: 'id', description: 'Global id of the page.' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number in the page’s address (/info/{databaseId}/{slug}).' }),
    title: t.string({ description: 'The page’s title.', select: TITLE_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.title ?? '' }),
    slug: t.string({ description: 'The slug in the request language (the last part of /info/{databaseId}/{slug}).', select: TITLE_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.slug ?? '' }),
    body: t.string({
      description: 'The text: paragraphs separated by blank lines; one starting with “## ” is a subheading (plain text otherwise).',
      select: { translations: { select: { language: true, body: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.body ?? '',
    }),
    slugs: t.field({ type: [LocalizedSlug], description: 'The slug in each language.', select: TITLE_AND_SLUG, resolve: localizedSlugs }),
  }),
});

builder.prismaNode('Article', {
  description: 'A blog article, in the request language.',
  id: { field: 'id', description: 'Global id of the article.' },
  fields: (t) => ({
    publishedAt: t.expose('publishedAt', { type: 'DateTime', description: 'When it was (or will be) published; only published articles are listed.' }),
    imageUrl: t.exposeString('imageUrl', { nullable: true, description: 'Its picture: a path on the shop or an absolute URL; null without one.' }),
    title: t.string({ description: 'The headline.', select: TITLE_AND_SLUG, resolve: (a, _x, ctx) => pick(a, ctx.language)?.title ?? '' }),
    slug: t.string({ description: 'The slug in the request language: `article(slug:)` takes it.', select: TITLE_AND_SLUG, resolve: (a, _x, ctx) => pick(a, ctx.language)?.slug ?? '' }),
    perex: t.string({
      description: 'The lead paragraph, for lists (plain text).',
      select: { translations: { select: { language: true, perex: true } } },
      resolve: (a, _x, ctx) => pick(a, ctx.language)?.perex ?? '',
    }),
    body: t.string({
      description: 'The text: paragraphs separated by blank lines; one starting with “## ” is a subheading (plain text otherwise).',
      select: { translations: { select: { language: true, body: true } } },
      resolve: (a, _x, ctx) => pick(a, ctx.language)?.body ?? '',
    }),
    slugs: t.field({ type: [LocalizedSlug], description: 'The slug in each language.', select: TITLE_AND_SLUG, resolve: localizedSlugs }),
  }),
});

builder.prismaNode('InfoTile', {
  description: 'A tile of the home page (a picture with a title, maybe a link), in the request language.',
  id: { field: 'id', description: 'Global id of the tile.' },
  fields: (t) => ({
    imageUrl: t.exposeString('imageUrl', { description: 'Its picture: a path on the shop or an absolute URL.' }),
    width: t.exposeInt('width', { description: 'The picture’s width in pixels.' }),
    height: t.exposeInt('height', { description: 'The picture’s height in pixels.' }),
    title: t.string({ description: 'The title over the picture.', select: { translations: true }, resolve: (i, _a, ctx) => pick(i, ctx.language)?.title ?? '' }),
    subtitle: t.string({ description: 'A line under the title (may be empty).', select: { translations: true }, resolve: (i, _a, ctx) => pick(i, ctx.language)?.subtitle ?? '' }),
    link: t.string({
      nullable: true,
      description: 'Where the tile leads: a path on the shop or an absolute URL; null when it leads nowhere.',
      select: { translations: true },
      resolve: (i, _a, ctx) => pick(i, ctx.language)?.link ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  infoPage: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'InfoPage',
    nullable: true,
    description: 'An info page by the number in its address (/info/{databaseId}/{slug}); null when there is none.',
    args: { databaseId: t.arg.int({ required: true, description: 'InfoPage.databaseId.' }) },
    resolve: (query, _root, args, ctx) => {
      ctx.tagAnswer(`content:${args.databaseId}`);
      return ctx.prisma.infoPage.findUnique({ ...query, where: { id: args.databaseId } });
    },
  }),
  infoPages: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ['InfoPage'],
    description: 'Every info page, in the shop’s order (the footer’s links).',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('content');
      return ctx.prisma.infoPage.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
  articles: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ['Article'],
    description: 'The published articles, newest first.',
    args: { first: t.arg.int({ required: false, description: 'At most 100 (default 20).' }) },
    resolve: (query, _root, args, ctx) => {
      ctx.tagAnswer('content');
      return ctx.prisma.article.findMany({
      ...query,
      where: { publishedAt: { lte: new Date() } },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      take: Math.min(Math.max(args.first ?? 20, 1), 100),
    });
    },
  }),
  article: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'Article',
    nullable: true,
    description: 'A published article by its slug in the request language; null when there is none.',
    args: { slug: t.arg.string({ required: true, description: 'Article.slug in the request language.' }) },
    // from the translation's unique (language, slug) to its one article (see Query.product)
    resolve: async (query, _root, args, ctx) => {
      const found = await ctx.prisma.articleTranslation.findUnique({
        where: { language_slug: { language: ctx.language, slug: args.slug.slice(0, 200) }, article: { publishedAt: { lte: new Date() } } },
        select: { article: query, articleId: true },
      });
      // not found: a new article with this slug must purge it too
      ctx.tagAnswer(found ? `content:${found.articleId}` : 'content');
      return found?.article ?? null;
    },
  }),
  infoTiles: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ['InfoTile'],
    description: 'The home page’s tiles, in the shop’s order.',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('content');
      return ctx.prisma.infoTile.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
}));
