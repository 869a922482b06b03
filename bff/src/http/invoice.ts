// GET /objednavka/faktura/:id/:hash.pdf (and /en/order/invoice/:id/:hash.pdf): the order's invoice,
// for whoever has the order summary's secret link. Anything else (no such order, a wrong hash) falls
// through to the shop's ordinary 404 page, so the answer says nothing about which orders exist.
// GET /ucet/objednavka/:id/faktura.pdf (and /en/account/order/:id/invoice.pdf): the same invoice for
// the logged-in owner of the order (id: the order's database id, as in her order detail's address);
// anyone else, and a guest, gets the same 404.
// Beside each, the same address ending in .isdoc gives the invoice as ISDOC XML (services/isdoc.ts,
// docs/decisions/0071), behind the very same checks.
import { Router } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { INVOICE_PATHS, orderInvoice, type InvoiceData, type InvoiceFile } from '../services/invoices.ts';
import { ISDOC_CONTENT_TYPE, orderInvoiceIsdoc } from '../services/isdoc.ts';
import { drawInThread } from '../pdf/drawing-thread.ts';
import { orderIdByHash } from '../services/orders.ts';
import { databaseId } from '../services/database-id.ts';
import { sendPersonalDocument } from './personal-document.ts';
import type { ShopSession } from '../graphql/context.ts';
import type { Locale } from '../../../schema/rules/locale.ts';

export const ACCOUNT_INVOICE_PATHS = { cs: '/ucet/objednavka/:id/faktura.pdf', en: '/en/account/order/:id/invoice.pdf' } as const;

export function accountInvoicePath(language: Locale, orderId: number): string {
  return ACCOUNT_INVOICE_PATHS[language].replace(':id', String(orderId));
}

/** The invoice as ISDOC: the PDF's address with .isdoc instead of .pdf (the secret link's and the owner's). */
export const INVOICE_ISDOC_PATHS = { cs: '/objednavka/faktura/:id/:hash.isdoc', en: '/en/order/invoice/:id/:hash.isdoc' } as const;
export const ACCOUNT_INVOICE_ISDOC_PATHS = { cs: '/ucet/objednavka/:id/faktura.isdoc', en: '/en/account/order/:id/invoice.isdoc' } as const;

export function invoiceIsdocPath(language: Locale, orderId: number, hash: string): string {
  return INVOICE_ISDOC_PATHS[language].replace(':id', String(orderId)).replace(':hash', encodeURIComponent(hash));
}

export function accountInvoiceIsdocPath(language: Locale, orderId: number): string {
  return ACCOUNT_INVOICE_ISDOC_PATHS[language].replace(':id', String(orderId));
}

const drawInvoice = (data: InvoiceData) => drawInThread('invoice', data);

/** The order's invoice (issued on first request, services/invoices.ts), drawn by the invoice layout in the drawing thread. */
export function invoicePdf(db: Db, orderId: number, options: Pick<Config, 'eurRate'>): Promise<InvoiceFile | null> {
  return orderInvoice(db, orderId, { eurRate: options.eurRate, render: drawInvoice });
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
    sendPersonalDocument(res, invoice);
  });
  router.get([ACCOUNT_INVOICE_ISDOC_PATHS.cs, ACCOUNT_INVOICE_ISDOC_PATHS.en], async (req, res, next) => {
    const customerId = (req.session as ShopSession | undefined)?.customerId;
    const orderId = databaseId(String(req.params.id));
    if (!customerId || orderId < 0) return next();
    const owned = await prisma.order.findFirst({ where: { id: orderId, customerId }, select: { id: true } });
    const isdoc = owned ? await orderInvoiceIsdoc(prisma, owned.id, { eurRate: config.eurRate, render: drawInvoice }) : null;
    if (!isdoc) return next();
    sendPersonalDocument(res, isdoc, ISDOC_CONTENT_TYPE);
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
    sendPersonalDocument(res, invoice);
  });
  router.get([INVOICE_ISDOC_PATHS.cs, INVOICE_ISDOC_PATHS.en], async (req, res, next) => {
    const { id, hash } = req.params as { id: string; hash: string };
    const orderId = await orderIdByHash(prisma, id, hash);
    const isdoc = orderId === null ? null : await orderInvoiceIsdoc(prisma, orderId, { eurRate: config.eurRate, render: drawInvoice });
    if (!isdoc) return next();
    sendPersonalDocument(res, isdoc, ISDOC_CONTENT_TYPE);
  });
  return router;
}
