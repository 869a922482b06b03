// The credit notes of an order (services/credit-notes.ts), downloaded the way its invoice is
// (http/invoice.ts): GET /objednavka/dobropis/:id/:hash/:number.pdf (en /en/order/credit-note/…) for
// whoever has the order summary's secret link, and GET /ucet/objednavka/:id/dobropis/:number.pdf
// (en /en/account/order/:id/credit-note/:number.pdf) for the logged-in owner. Anything else (no such
// order or note, a wrong hash, someone else's order) falls through to the shop's ordinary 404 page.
// The same addresses ending in .isdoc give the note as ISDOC XML (services/isdoc.ts), behind the same checks.
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { creditNotePdf, orderCreditNoteId, type CreditNoteFile } from '../services/credit-notes.ts';
import { creditNoteIsdoc, ISDOC_CONTENT_TYPE, type IsdocFile } from '../services/isdoc.ts';
import { drawInThread } from '../pdf/drawing-thread.ts';
import { orderIdByHash } from '../services/orders.ts';
import { databaseId } from '../services/database-id.ts';
import { sendPersonalDocument } from './personal-document.ts';
import type { ShopSession } from '../graphql/context.ts';
import type { Locale } from '../../../schema/rules/locale.ts';

export const CREDIT_NOTE_PATHS = { cs: '/objednavka/dobropis/:id/:hash/:number.pdf', en: '/en/order/credit-note/:id/:hash/:number.pdf' } as const;
export const ACCOUNT_CREDIT_NOTE_PATHS = { cs: '/ucet/objednavka/:id/dobropis/:number.pdf', en: '/en/account/order/:id/credit-note/:number.pdf' } as const;

export const CREDIT_NOTE_ISDOC_PATHS = { cs: '/objednavka/dobropis/:id/:hash/:number.isdoc', en: '/en/order/credit-note/:id/:hash/:number.isdoc' } as const;
export const ACCOUNT_CREDIT_NOTE_ISDOC_PATHS = { cs: '/ucet/objednavka/:id/dobropis/:number.isdoc', en: '/en/account/order/:id/credit-note/:number.isdoc' } as const;

/** The download through the order summary's secret link. */
export function creditNotePath(language: Locale, orderId: number, hash: string, number: string): string {
  return CREDIT_NOTE_PATHS[language].replace(':id', String(orderId)).replace(':hash', encodeURIComponent(hash)).replace(':number', encodeURIComponent(number));
}

/** The download for the logged-in owner of the order. */
export function accountCreditNotePath(language: Locale, orderId: number, number: string): string {
  return ACCOUNT_CREDIT_NOTE_PATHS[language].replace(':id', String(orderId)).replace(':number', encodeURIComponent(number));
}

/** A credit note's PDF (drawn on first request and kept), by the order and the note's number; null when the order has no such note. */
export async function orderCreditNotePdf(db: Db, orderId: number, number: string): Promise<CreditNoteFile | null> {
  const id = await orderCreditNoteId(db, orderId, number);
  return id === null ? null : creditNotePdf(db, id, (document) => drawInThread('creditNote', document));
}

/** The ISDOC download through the secret link. */
export function creditNoteIsdocPath(language: Locale, orderId: number, hash: string, number: string): string {
  return CREDIT_NOTE_ISDOC_PATHS[language].replace(':id', String(orderId)).replace(':hash', encodeURIComponent(hash)).replace(':number', encodeURIComponent(number));
}

/** The ISDOC download for the logged-in owner. */
export function accountCreditNoteIsdocPath(language: Locale, orderId: number, number: string): string {
  return ACCOUNT_CREDIT_NOTE_ISDOC_PATHS[language].replace(':id', String(orderId)).replace(':number', encodeURIComponent(number));
}

/** A credit note's ISDOC, by the order and the note's number; null when the order has no such note. */
export async function orderCreditNoteIsdoc(db: Db, orderId: number, number: string): Promise<IsdocFile | null> {
  const id = await orderCreditNoteId(db, orderId, number);
  return id === null ? null : creditNoteIsdoc(db, id);
}


/** Downloads through the summary's secret link; need no session. */
export function creditNoteRoutes(prisma: Db): Router {
  const router = Router();
  router.get([CREDIT_NOTE_PATHS.cs, CREDIT_NOTE_PATHS.en], async (req, res, next) => {
    const { id, hash, number } = req.params as { id: string; hash: string; number: string };
    const orderId = await orderIdByHash(prisma, id, hash);
    const file = orderId === null ? null : await orderCreditNotePdf(prisma, orderId, number);
    if (!file) return next();
    sendPersonalDocument(res, file);
  });
  router.get([CREDIT_NOTE_ISDOC_PATHS.cs, CREDIT_NOTE_ISDOC_PATHS.en], async (req, res, next) => {
    const { id, hash, number } = req.params as { id: string; hash: string; number: string };
    const orderId = await orderIdByHash(prisma, id, hash);
    const file = orderId === null ? null : await orderCreditNoteIsdoc(prisma, orderId, number);
    if (!file) return next();
    sendPersonalDocument(res, file, ISDOC_CONTENT_TYPE);
  });
  return router;
}

/** The owner's downloads; mounted after the session middleware. */
export function accountCreditNoteRoutes(prisma: Db): Router {
  const router = Router();
  router.get([ACCOUNT_CREDIT_NOTE_PATHS.cs, ACCOUNT_CREDIT_NOTE_PATHS.en], async (req, res, next) => {
    const customerId = (req.session as ShopSession | undefined)?.customerId;
    const orderId = databaseId(String(req.params.id));
    if (!customerId || orderId < 0) return next();
    const owned = await prisma.order.findFirst({ where: { id: orderId, customerId }, select: { id: true } });
    const file = owned ? await orderCreditNotePdf(prisma, owned.id, String(req.params.number)) : null;
    if (!file) return next();
    sendPersonalDocument(res, file);
  });
  router.get([ACCOUNT_CREDIT_NOTE_ISDOC_PATHS.cs, ACCOUNT_CREDIT_NOTE_ISDOC_PATHS.en], async (req, res, next) => {
    const customerId = (req.session as ShopSession | undefined)?.customerId;
    const orderId = databaseId(String(req.params.id));
    if (!customerId || orderId < 0) return next();
    const owned = await prisma.order.findFirst({ where: { id: orderId, customerId }, select: { id: true } });
    const file = owned ? await orderCreditNoteIsdoc(prisma, owned.id, String(req.params.number)) : null;
    if (!file) return next();
    sendPersonalDocument(res, file, ISDOC_CONTENT_TYPE);
  });
  return router;
}
