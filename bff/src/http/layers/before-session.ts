// What is served before a session is loaded: files, documents with a secret link, and what decides
// who a /graphql request is before the shopper's session could be (app.ts lists them in order).
import path from 'node:path';
import express from 'express';
import { seoRoutes } from '../seo.ts';
import { feedRoutes } from '../feeds.ts';
import { invoiceRoutes } from '../invoice.ts';
import { creditNoteRoutes } from '../credit-note.ts';
import { withdrawalFormRoutes } from '../withdrawal-form.ts';
import { cors } from '../cors.ts';
import { partnerAuth } from '../partner-auth.ts';
import { publicExplorer } from '../public-explorer.ts';
import { graphiqlRoutes } from '../graphiql.ts';
import { rasterPictureRoutes } from '../product-pictures.ts';
import { RASTER_PATH } from '../../services/product-pictures.ts';
import type { Layer } from './layer.ts';

/** The catalog's pictures, and their raster copies that the build renders (named by their content: immutable). */
export const images: Layer = {
  name: 'images',
  mount(app, { rootDir }) {
    app.use(RASTER_PATH, rasterPictureRoutes(path.join(rootDir, 'build/pictures')));
    app.use('/images', express.static(path.join(rootDir, 'web/public/images'), { maxAge: '7d' }));
  },
};

/** robots.txt and the sitemap. */
export const seo: Layer = {
  name: 'seo files',
  mount: (app, { prisma, config }) => void app.use(seoRoutes(prisma, config)),
};

/** The price comparison feeds, served from the files the feeds job writes (never rendered here). */
export const feeds: Layer = {
  name: 'feeds',
  mount: (app, { config }) => void app.use(feedRoutes(config.feedsDir)),
};

/** The invoice's and the credit notes' secret links need no session. */
export const invoiceLink: Layer = {
  name: 'invoice link',
  mount(app, { prisma, config }) {
    app.use(invoiceRoutes(prisma, config));
    app.use(creditNoteRoutes(prisma));
  },
};

/** The model withdrawal form's PDF is public (docs/decisions/0061). */
export const withdrawalForm: Layer = {
  name: 'withdrawal form',
  mount: (app, { config }) => void app.use(withdrawalFormRoutes(config.withdrawalPeriodDays)),
};

/**
 * CORS answers from the CORS_ORIGINS allow-list, and a bearer-token (partner) request is authenticated
 * and loses its cookies, so no shopper's session is ever loaded for it. The public explorer's anonymous
 * requests (GRAPHIQL_PUBLIC) likewise, with the catalog:read view.
 */
export const graphqlCallers: Layer = {
  name: 'graphql callers',
  mount: (app, { config, prisma, rateLimiter }) => void app.use('/graphql', cors(config), partnerAuth({ prisma, rateLimiter }), publicExplorer({ config, rateLimiter })),
};

/** GraphiQL's page and files (GRAPHIQL) and the schema as a file, for whom the layer above lets through. */
export const graphiql: Layer = {
  name: 'graphiql',
  mount: (app, { config }) => void app.use(graphiqlRoutes(config)),
};
