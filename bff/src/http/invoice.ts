// GET /objednavka/faktura/:id/:hash.pdf (and /en/order/invoice/:id/:hash.pdf): the order's invoice,
// for whoever has the order summary's secret link. Anything else (no such order, a wrong hash) falls
// through to the shop's ordinary 404 page, so the answer says nothing about which orders exist.
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { INVOICE_PATHS, invoicePdf } from '../pdf/invoice.ts';
import { orderIdByHash } from '../services/orders.ts';

export function invoiceRoutes(prisma: Db, config: Pick<Config, 'eurRate'>): Router {
  const router = Router();
  router.get([INVOICE_PATHS.cs, INVOICE_PATHS.en], async (req, res, next) => {
    const { id, hash } = req.params as { id: string; hash: string };
    const orderId = await orderIdByHash(prisma, id, hash);
    const invoice = orderId === null ? null : await invoicePdf(prisma, orderId, { eurRate: config.eurRate });
    if (!invoice) return next();
    res.status(200);
    res.type('application/pdf');
    // the name is faktura-<digits>.pdf: nothing in it needs escaping
    res.setHeader('Content-Disposition', `attachment; filename="${invoice.fileName}"`);
    // personal data behind a secret link: no shared cache keeps it, no search engine lists it
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.end(invoice.bytes);
  });
  return router;
}
