// Path parameters for every route of the table (schema/routes.ts), from the demo data: the browser
// suites open each route in both languages. Routes with a token or hash get a made-up one (their own
// 404 page is then what is checked) unless the caller passes a real order.
import type { RouteName } from '../../schema/routes.ts';
import type { PrismaClient } from '../../bff/src/generated/prisma/client.ts';

export type RouteParams = Record<'cs' | 'en', Partial<Record<RouteName, Record<string, string | number>>>>;

export async function routeParams(prisma: PrismaClient, order: { id: number; hash: string } = { id: 1, hash: 'abc' }): Promise<RouteParams> {
  const product = await prisma.product.findFirstOrThrow({ where: { published: true }, include: { translations: true } });
  const category = await prisma.category.findFirstOrThrow({ where: { parentId: null }, include: { translations: true } });
  const article = await prisma.article.findFirstOrThrow({ include: { translations: true } });
  const info = await prisma.infoPage.findUniqueOrThrow({ where: { id: 1 }, include: { translations: true } });
  const store = await prisma.store.findFirstOrThrow();
  // the demo stadium's match (the largest plan); the suites open the other matches themselves
  const event = await prisma.event.findFirstOrThrow({ orderBy: { venue: { seatCount: 'desc' } } });
  const forLanguage = (language: 'cs' | 'en') => {
    const slug = (rows: { language: string; slug: string }[]) => rows.find((row) => row.language === language)!.slug;
    return {
      product: { slug: slug(product.translations) },
      category: { slug: slug(category.translations) },
      article: { slug: slug(article.translations) },
      info: { id: info.id, slug: slug(info.translations) },
      store: { id: store.id },
      event: { slug: event.slug },
      changePassword: { hash: 'a1b2c3' },
      orderSummary: { id: order.id, hash: order.hash },
      orderSummaryKept: { id: order.id },
      orderDetail: { id: order.id },
      sharedWishlist: { token: 'abc' },
      watchUnsubscribe: { token: 'abc' },
      orderConfirm: { token: 'abc' },
      withdrawalAccount: { id: order.id },
      withdrawalGuest: { id: order.id, hash: order.hash },
      withdrawalConfirm: { token: 'abc' },
      orderCancelAccount: { id: order.id },
      orderCancelGuest: { id: order.id, hash: order.hash },
      // a signed-in customer's review of the product (the account's guard), the e-mail link's made-up token
      reviewWrite: { slug: slug(product.translations) },
      reviewLink: { token: 'abc' },
    };
  };
  return { cs: forLanguage('cs'), en: forLanguage('en') };
}
