// GET /objednavka/faktura/:id/:hash.pdf (and /en/order/invoice/:id/:hash.pdf): the order's invoice,
// for whoever has the order summary's secret link. Anything else (no such order, a wrong hash) falls
// through to the shop's ordinary 404 page, so the answer says nothing about which orders exist.
// GET /ucet/objednavka/:id/faktura.pdf (and /en/account/order/:id/invoice.pdf): the same invoice for
// the logged-in owner of the order (id: the order's database id, as in her order detail's address);
// anyone else, and a guest, gets the same 404.
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { INVOICE_PATHS, orderInvoice, type InvoiceFile } from '../services/invoices.ts';
import { renderInvoicePdf } from '../pdf/invoice-pdf.ts';
import { orderIdByHash } from '../services/orders.ts';
import { databaseId } from '../services/database-id.ts';
import { sendPersonalPdf } from './personal-pdf.ts';
import type { ShopSession } from '../graphql/context.ts';
import type { Locale } from '../../../schema/rules/locale.ts';

export const ACCOUNT_INVOICE_PATHS = { cs: '/ucet/objednavka/:id/faktura.pdf', en: '/en/account/order/:id/invoice.pdf' } as const;

export function accountInvoicePath(language: Locale, orderId: number): string {
  return ACCOUNT_INVOICE_PATHS[language].replace(':id', String(orderId));
}

/** The order's invoice (issued on first request, services/invoices.ts), drawn by the invoice layout. */
export function invoicePdf(db: Db, orderId: number, options: Pick<Config, 'eurRate'>): Promise<InvoiceFile | null> {
  return orderInvoice(db, orderId, { eurRate: options.eurRate, render: renderInvoicePdf });
}

/** The owner's invoice download; mounted after the session middleware. */
export function accountInvoiceRoutes(prisma: Db, config: Pick<Config, 'eurRate'>): Router {
  const router = Router();
  router.get([ACCOUNT_INVOICE_PATHS.cs, ACCOUNT_INVOICE_PATHS.en], async (req, res, next) => {
    const customerId = (req.session as ShopSession | undefined)?.customerId;
    const orderId = databaseId(String(req.params.id));
    if (!customerId || orderId < 0) return next();
    const owned = await prisma.order.findFirst({ where: { id: orderId, customerId }, select: { id: true } });
    const invoice = owned ? await invoicePdf(prisma, owned.id, { eurRate: config.eurRate }) : null;
    if (!invoice) return next();
    sendPersonalPdf(res, invoice);
  });
  return router;
}

export function invoiceRoutes(prisma: Db, config: Pick<Config, 'eurRate'>): Router {
  const router = Router();
  router.get([INVOICE_PATHS.cs, INVOICE_PATHS.en], async (req, res, next) => {
    const { id, hash } = req.params as { id: string; hash: string };
    const orderId = await orderIdByHash(prisma, id, hash);
    const invoice = orderId === null ? null : await invoicePdf(prisma, orderId, { eurRate: config.eurRate });
    if (!invoice) return next();
    sendPersonalPdf(res, invoice);
  });
  return router;
}
