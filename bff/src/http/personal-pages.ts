// Pages that show a shopper's own data (her cart, checkout, orders, account, wishlist) or carry a secret
// in their address are never kept by a shared cache or the browser's: `Cache-Control: private,
// no-store`, as the invoice PDF has (issue 31, item 19). The response cache does not store them either.
import type { NextFunction, Request, Response } from 'express';
import { ROUTES, type RouteName } from '../../../schema/routes.ts';
import { routeRegExp } from './page-routes.ts';

const PERSONAL_PAGES: RouteName[] = [
  'cart',
  'checkout',
  'voucher',
  'orderSummary',
  'orderDetail',
  'account',
  'accountAddresses',
  'accountOrders',
  'accountInvoiceInfo',
  'accountThankYou',
  'accountPassword',
  'accountPrivacy',
  'wishlist',
  'sharedWishlist',
  'changePassword',
  'watchUnsubscribe',
  'complaint',
  'orderSummaryKept',
  'thankYou',
  'sharedWishlistKept',
  'changePasswordKept',
  'watchUnsubscribeKept',
];

/** Their paths in both languages, compiled once: a page's parameters are one segment each. */
const PATTERNS = PERSONAL_PAGES.flatMap((name) => (['cs', 'en'] as const).map((language) => routeRegExp(ROUTES[name][language])));

/** Whether a page path (or its data request, `/kosik.data`) is one of them. */
export function isPersonalPage(path: string): boolean {
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  return PATTERNS.some((pattern) => pattern.test(page));
}

export function personalPagesNotStored(req: Request, res: Response, next: NextFunction) {
  if (isPersonalPage(req.path)) res.setHeader('Cache-Control', 'private, no-store');
  next();
}
