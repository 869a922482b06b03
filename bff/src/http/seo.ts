// sitemap.xml (every catalog page in both languages, with hreflang alternates and when it last changed) and robots.txt.
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { href, type RouteLanguage, type RouteName } from '../../../schema/routes.ts';

/** `lastmod`: when the page's content last changed, where the database knows it. */
type Page = { route: RouteName; params: Record<RouteLanguage, Record<string, string | number>>; lastmod?: Date };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function bySlug(translations: { language: string; slug: string }[], extra: Record<string, string | number> = {}) {
  const slug = (language: RouteLanguage) => translations.find((t) => t.language === language)?.slug ?? '';
  return { cs: { ...extra, slug: slug('cs') }, en: { ...extra, slug: slug('en') } };
}

async function sitemapPages(prisma: Db): Promise<Page[]> {
  const slugs = { select: { language: true, slug: true } } as const;
  const now = new Date();
  const [categories, products, pages, articles, stores, events] = await Promise.all([
    prisma.category.findMany({ select: { updatedAt: true, translations: slugs } }),
    prisma.product.findMany({ where: { published: true }, select: { updatedAt: true, translations: slugs } }),
    prisma.infoPage.findMany({ select: { id: true, updatedAt: true, translations: slugs } }),
    prisma.article.findMany({ where: { publishedAt: { lte: now } }, select: { publishedAt: true, updatedAt: true, translations: slugs } }),
    prisma.store.findMany({ select: { id: true, updatedAt: true } }),
    // the matches the events list shows: not yet kicked off (on sale or not yet); a played one is left out
    prisma.event.findMany({ where: { kickoff: { gt: now } }, select: { slug: true, updatedAt: true }, orderBy: [{ kickoff: 'asc' }, { id: 'asc' }] }),
  ]);
  const none = { cs: {}, en: {} };
  // an article scheduled ahead appears (changes the blog) when it is published
  const articleChanged = (a: { publishedAt: Date; updatedAt: Date }) => (a.updatedAt > a.publishedAt ? a.updatedAt : a.publishedAt);
  return [
    { route: 'home', params: none },
    ...categories.map((c) => ({ route: 'category' as const, params: bySlug(c.translations), lastmod: c.updatedAt })),
    ...products.map((p) => ({ route: 'product' as const, params: bySlug(p.translations), lastmod: p.updatedAt })),
    ...pages.map((p) => ({ route: 'info' as const, params: bySlug(p.translations, { id: p.id }), lastmod: p.updatedAt })),
    { route: 'blog', params: none, lastmod: latest(articles.map(articleChanged)) },
    ...articles.map((a) => ({ route: 'article' as const, params: bySlug(a.translations), lastmod: articleChanged(a) })),
    { route: 'stores', params: none, lastmod: latest(stores.map((s) => s.updatedAt)) },
    ...stores.map((s) => ({ route: 'store' as const, params: { cs: { id: s.id }, en: { id: s.id } }, lastmod: s.updatedAt })),
    { route: 'events', params: none, lastmod: latest(events.map((e) => e.updatedAt)) },
    { route: 'accessibility', params: none },
    ...events.map((e) => ({ route: 'event' as const, params: { cs: { slug: e.slug }, en: { slug: e.slug } }, lastmod: e.updatedAt })),
  ];
}

function latest(dates: Date[]): Date | undefined {
  return dates.length ? new Date(Math.max(...dates.map((date) => date.getTime()))) : undefined;
}

/** W3C Datetime as sitemaps.org asks, to the second. */
function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function seoRoutes(prisma: Db, config: Config) {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(
      ['User-agent: *', 'Disallow: /graphql', 'Disallow: /ucet/', 'Disallow: /en/account/', 'Disallow: /kosik', 'Disallow: /en/cart',
        'Disallow: /pokladna', 'Disallow: /en/checkout',
        // personal pages and links with tokens (docs/decisions/0018-wishlists-and-watch.md)
        'Disallow: /oblibene', 'Disallow: /en/wishlist', 'Disallow: /hlidani-dostupnosti/', 'Disallow: /en/availability-watch/',
        `Sitemap: ${config.publicUrl}/sitemap.xml`, ''].join('\n'),
    );
  });
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const pages = await sitemapPages(prisma);
      const urls = pages.flatMap((page) =>
        (['cs', 'en'] as const).map((language) => {
          const loc = (lang: RouteLanguage) => escapeXml(config.publicUrl + href(page.route, lang, page.params[lang]));
          return [
            '<url>',
            `<loc>${loc(language)}</loc>`,
            // before the links: the sitemaps.org schema wants loc, lastmod, then elements of other namespaces
            ...(page.lastmod ? [`<lastmod>${w3cDatetime(page.lastmod)}</lastmod>`] : []),
            `<xhtml:link rel="alternate" hreflang="cs" href="${loc('cs')}"/>`,
            `<xhtml:link rel="alternate" hreflang="en" href="${loc('en')}"/>`,
            // the Czech page for any other language, as the pages' own hreflang links say
            `<xhtml:link rel="alternate" hreflang="x-default" href="${loc('cs')}"/>`,
            '</url>',
          ].join('');
        }),
      );
      res
        .type('application/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
        );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
