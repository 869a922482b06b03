// Content: info pages, blog articles, home page tiles and stores; and the demo data a new shop starts with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createArticle, createInfoPage, createInfoTile, createStore } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { seedDemoData } from '../../prisma/seed/seed.ts';
import { demoReviewers } from '../../prisma/seed/data/index.ts';

const InfoPageQuery = graphql(`
  query ContentInfoPage($id: Int!) {
    infoPage(databaseId: $id) {
      id
      title
      slug
      body
      slugs {
        language
        slug
      }
    }
  }
`);

const InfoPagesQuery = graphql(`
  query ContentInfoPages {
    infoPages {
      id
      title
    }
  }
`);

const ArticlesQuery = graphql(`
  query ContentArticles($first: Int) {
    articles(first: $first) {
      id
      title
      slug
      perex
      publishedAt
    }
  }
`);

const ArticleQuery = graphql(`
  query ContentArticle($slug: String!) {
    article(slug: $slug) {
      id
      title
      body
      slugs {
        language
        slug
      }
    }
  }
`);

const InfoTilesQuery = graphql(`
  query ContentInfoTiles {
    infoTiles {
      id
      title
      subtitle
      link
      imageUrl
    }
  }
`);

const StoresQuery = graphql(`
  query ContentStores {
    stores {
      id
      name
      city
      description
      openingHours {
        dayOfWeek
        opens
        closes
      }
    }
  }
`);

const StoreQuery = graphql(`
  query ContentStore($id: Int!) {
    store(databaseId: $id) {
      id
      databaseId
      name
      slug
      street
      city
      latitude
      longitude
      openingHours {
        dayOfWeek
        opens
        closes
      }
    }
  }
`);

const SeededCatalogQuery = graphql(`
  query ContentSeededCatalog {
    categories {
      slug
      children {
        slug
      }
    }
    products(first: 24, sort: BEST_SELLING) {
      totalCount
      edges {
        node {
          name
          slug
          price {
            withVat
            withoutVat
            vat
          }
          mainImage {
            url
          }
        }
      }
    }
  }
`);

const DAY = 24 * 3600 * 1000;
const en = { 'x-shop-language': 'en' };

let app: TestApp;
let terms: Awaited<ReturnType<typeof createInfoPage>>;
let privacy: Awaited<ReturnType<typeof createInfoPage>>;
let oldArticle: Awaited<ReturnType<typeof createArticle>>;
let newArticle: Awaited<ReturnType<typeof createArticle>>;
let scheduledArticle: Awaited<ReturnType<typeof createArticle>>;
let mainStore: Awaited<ReturnType<typeof createStore>>;
let smallStore: Awaited<ReturnType<typeof createStore>>;

beforeAll(async () => {
  app = await createTestApp();
  const prisma = app.prisma;
  privacy = await createInfoPage(prisma, {
    title: { cs: 'Ochrana osobních údajů', en: 'Privacy policy' },
    slug: { cs: 'ochrana-osobnich-udaju', en: 'privacy-policy' },
    position: 2,
  });
  terms = await createInfoPage(prisma, {
    title: { cs: 'Obchodní podmínky', en: 'Terms and conditions' },
    slug: { cs: 'obchodni-podminky', en: 'terms-and-conditions' },
    body: { cs: '<p>Kupní smlouva vzniká…</p>', en: '<p>The purchase contract…</p>' },
    position: 1,
  });
  oldArticle = await createArticle(prisma, {
    title: { cs: 'Nové dresy na sezónu', en: 'New kits for the season' },
    publishedAt: new Date(Date.now() - 30 * DAY),
  });
  newArticle = await createArticle(prisma, {
    title: { cs: 'Jak vybrat kopačky', en: 'How to choose football boots' },
    slug: { cs: 'jak-vybrat-kopacky', en: 'how-to-choose-football-boots' },
    body: { cs: '<p>Podle povrchu…</p>', en: '<p>By the surface…</p>' },
    publishedAt: new Date(Date.now() - 2 * DAY),
  });
  scheduledArticle = await createArticle(prisma, {
    title: { cs: 'Připravujeme', en: 'Coming soon' },
    slug: { cs: 'pripravujeme', en: 'coming-soon' },
    publishedAt: new Date(Date.now() + 7 * DAY),
  });
  await createInfoTile(prisma, { title: { cs: 'Druhá', en: 'Second' }, position: 2, link: null });
  await createInfoTile(prisma, {
    title: { cs: 'První', en: 'First' },
    subtitle: { cs: 'Doprava zdarma', en: 'Free delivery' },
    link: { cs: '/info/3/doprava', en: '/en/info/3/delivery' },
    position: 1,
  });
  smallStore = await createStore(prisma, {
    name: 'Prodejna Brno',
    city: 'Brno',
    position: 2,
    openingHours: [{ dayOfWeek: 1, opens: '10:00', closes: '18:00' }],
  });
  mainStore = await createStore(prisma, {
    name: 'Prodejna Praha',
    city: 'Praha 3',
    position: 1,
    description: { cs: 'U metra.', en: 'By the metro.' },
    openingHours: [
      { dayOfWeek: 7, opens: '10:00', closes: '16:00' },
      { dayOfWeek: 1, opens: '09:00', closes: '19:00' },
      { dayOfWeek: 6, opens: '09:00', closes: '17:00' },
    ],
  });
});

afterAll(async () => {
  await app?.close();
});

describe(`content (${databaseKind})`, () => {
  it('shows an info page by id in the shopper’s language', async () => {
    const cs = await app.gql(InfoPageQuery, { id: terms.id });
    expect(cs.data!.infoPage).toMatchObject({
      id: gid('InfoPage', terms.id),
      title: 'Obchodní podmínky',
      slug: 'obchodni-podminky',
      body: '<p>Kupní smlouva vzniká…</p>',
    });
    expect(cs.data!.infoPage!.slugs).toEqual(
      expect.arrayContaining([
        { language: 'cs', slug: 'obchodni-podminky' },
        { language: 'en', slug: 'terms-and-conditions' },
      ]),
    );
    const english = await app.gql(InfoPageQuery, { id: terms.id }, { headers: en });
    expect(english.data!.infoPage).toMatchObject({ title: 'Terms and conditions', slug: 'terms-and-conditions' });
    const missing = await app.gql(InfoPageQuery, { id: 999_999 });
    expect(missing.errors).toBeUndefined();
    expect(missing.data!.infoPage).toBeNull();
  });

  it('lists info pages in their set order', async () => {
    const { data } = await app.gql(InfoPagesQuery);
    expect(data!.infoPages.map((page) => page.id)).toEqual([gid('InfoPage', terms.id), gid('InfoPage', privacy.id)]);
  });

  it('lists only published articles, newest first', async () => {
    const { data } = await app.gql(ArticlesQuery, {});
    const listed = data!.articles.map((article) => article.id);
    expect(listed).toEqual([gid('Article', newArticle.id), gid('Article', oldArticle.id)]);
    expect(listed).not.toContain(gid('Article', scheduledArticle.id));
    const dates = data!.articles.map((article) => Date.parse(article.publishedAt));
    expect(dates[0]).toBeGreaterThan(dates[1]);
    const first = await app.gql(ArticlesQuery, { first: 1 });
    expect(first.data!.articles.map((article) => article.id)).toEqual([gid('Article', newArticle.id)]);
  });

  it('shows an article by its slug in each language', async () => {
    const cs = await app.gql(ArticleQuery, { slug: 'jak-vybrat-kopacky' });
    expect(cs.data!.article).toMatchObject({ id: gid('Article', newArticle.id), title: 'Jak vybrat kopačky', body: '<p>Podle povrchu…</p>' });
    const english = await app.gql(ArticleQuery, { slug: 'how-to-choose-football-boots' }, { headers: en });
    expect(english.data!.article).toMatchObject({ id: gid('Article', newArticle.id), title: 'How to choose football boots' });
    const wrongLanguage = await app.gql(ArticleQuery, { slug: 'jak-vybrat-kopacky' }, { headers: en });
    expect(wrongLanguage.data!.article).toBeNull();
  });

  it('a scheduled article cannot be read before it is published', async () => {
    const { data, errors } = await app.gql(ArticleQuery, { slug: 'pripravujeme' });
    expect(errors).toBeUndefined();
    expect(data!.article).toBeNull();
  });

  it('shows the home page tiles in order, with their links', async () => {
    const { data } = await app.gql(InfoTilesQuery);
    expect(data!.infoTiles).toMatchObject([
      { title: 'První', subtitle: 'Doprava zdarma', link: '/info/3/doprava' },
      { title: 'Druhá', link: null },
    ]);
    const english = await app.gql(InfoTilesQuery, undefined, { headers: en });
    expect(english.data!.infoTiles[0]).toMatchObject({ title: 'First', subtitle: 'Free delivery', link: '/en/info/3/delivery' });
  });

  it('lists stores in order with opening hours from Monday to Sunday', async () => {
    const { data } = await app.gql(StoresQuery);
    expect(data!.stores.map((store) => store.id)).toEqual([gid('Store', mainStore.id), gid('Store', smallStore.id)]);
    expect(data!.stores[0]).toMatchObject({
      name: 'Prodejna Praha',
      city: 'Praha 3',
      description: 'U metra.',
      openingHours: [
        { dayOfWeek: 1, opens: '09:00', closes: '19:00' },
        { dayOfWeek: 6, opens: '09:00', closes: '17:00' },
        { dayOfWeek: 7, opens: '10:00', closes: '16:00' },
      ],
    });
    const english = await app.gql(StoresQuery, undefined, { headers: en });
    expect(english.data!.stores[0].description).toBe('By the metro.');
  });

  it('shows one store by id', async () => {
    const { data } = await app.gql(StoreQuery, { id: smallStore.id });
    expect(data!.store).toMatchObject({
      id: gid('Store', smallStore.id),
      name: 'Prodejna Brno',
      city: 'Brno',
      latitude: 50.067,
      longitude: 14.46,
      openingHours: [{ dayOfWeek: 1, opens: '10:00', closes: '18:00' }],
    });
    const missing = await app.gql(StoreQuery, { id: 424_242 });
    expect(missing.data!.store).toBeNull();
  });

  describe('the demo data', () => {
    let seeded: TestApp;

    beforeAll(async () => {
      seeded = await createTestApp();
      await seedDemoData(seeded.prisma, { eurRate: seeded.config.eurRate });
    });

    afterAll(async () => {
      await seeded?.close();
    });

    it('has the store 5282 and the terms page 1 that the spec links to', async () => {
      const store = await seeded.gql(StoreQuery, { id: 5282 });
      expect(store.data!.store).toMatchObject({ id: gid('Store', 5282), databaseId: 5282, slug: 'praha-vinohrady' });
      expect(store.data!.store!.openingHours.length).toBeGreaterThan(0);
      const page = await seeded.gql(InfoPageQuery, { id: 1 });
      expect(page.data!.infoPage).toMatchObject({ id: gid('InfoPage', 1), slug: 'obchodni-podminky' });
    });

    it('has published verified reviews of a few products: a buyer’s delivered order each, counted for the pages and cards', async () => {
      const written = demoReviewers.flatMap((reviewer) => reviewer.reviews.map((review) => ({ ...review, email: reviewer.email })));
      const reviews = await seeded.prisma.review.findMany({ select: { status: true, rating: true, text: true, product: { select: { code: true } }, customer: { select: { email: true } }, order: { select: { status: true, customerId: true } }, customerId: true } });
      expect(reviews.map((review) => ({ product: review.product.code, rating: review.rating, text: review.text, email: review.customer!.email })).sort((a, b) => a.text.localeCompare(b.text))).toEqual(
        written.map((review) => ({ product: review.product, rating: review.rating, text: review.text, email: review.email })).sort((a, b) => a.text.localeCompare(b.text)),
      );
      for (const review of reviews) {
        expect(review.status).toBe('PUBLISHED');
        expect(review.order).toEqual({ status: 'DELIVERED', customerId: review.customerId });
      }
      const jersey = await seeded.prisma.productTranslation.findFirstOrThrow({ where: { product: { code: 'DR-1001' }, language: 'cs' }, select: { slug: true } });
      const { data, errors } = await seeded.newClient().gql<{ product: { ratingSummary: { average: number; count: number; histogram: { rating: number; count: number }[] }; reviews: { edges: { node: { verifiedPurchase: boolean } }[] } } }>(
        `query DemoReviews($slug: String!) { product(slug: $slug) { ratingSummary { average count histogram { rating count } } reviews { edges { node { verifiedPurchase } } } } }`,
        { slug: jersey.slug },
      );
      expect(errors).toBeUndefined();
      expect(data!.product.ratingSummary).toEqual({ average: 4.4, count: 5, histogram: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: { 5: 3, 4: 1, 3: 1 }[rating] ?? 0 })) });
      expect(data!.product.reviews.edges.map(({ node }) => node.verifiedPurchase)).toEqual([true, true, true, true, true]);
    });

    it('has a full catalog that the product list can show', async () => {
      expect(await seeded.prisma.product.count()).toBeGreaterThanOrEqual(80);
      const { data, errors } = await seeded.gql(SeededCatalogQuery);
      expect(errors).toBeUndefined();
      expect(data!.categories.length).toBeGreaterThanOrEqual(6);
      expect(data!.products.totalCount).toBeGreaterThanOrEqual(80);
      expect(data!.products.edges).toHaveLength(24);
      for (const { node } of data!.products.edges) {
        expect(node.name).not.toBe('');
        expect(node.price.withVat).toBeGreaterThan(0);
        expect(node.price.withoutVat + node.price.vat).toBe(node.price.withVat);
        expect(node.mainImage?.url).toMatch(/^\/images\//);
      }
    });

    it('continues the id sequences after the fixed ids, so new stores and pages can be added', async () => {
      const store = await createStore(seeded.prisma);
      const page = await createInfoPage(seeded.prisma);
      expect(store.id).toBeGreaterThan(5282);
      expect(page.id).toBeGreaterThan(1);
    });
  });
});
