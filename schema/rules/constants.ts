// Business constants and limits from the storefront spec, section 9 (and section 4 for notifications).
import type { Locale } from './locale.ts';

/** Free shipping over 3000 CZK, in haléře. */
export const FREE_SHIPPING_THRESHOLD_CZK_MINOR = 300_000;

/** Pieces of one variant in one cart line (the cart page's stepper; the server enforces the same). */
export const MAX_CART_LINE_QUANTITY = 99;

/**
 * An order number is its year and a counter of six digits (2026000123): ten digits, which is also the
 * most a payment's variable symbol may hold. Order number fields take exactly this many digits.
 */
export const ORDER_NUMBER_LENGTH = 10;
export const ORDER_NUMBER_COUNTER_DIGITS = 6;

/** The payment method (its code) paid by a bank transfer: QR payment, due date, the invoice's account. */
export const BANK_TRANSFER_PAYMENT_CODE = 'bank-transfer';
/** Cash on delivery: paid to the courier or at the pick-up point when the parcel is handed over. */
export const CASH_ON_DELIVERY_PAYMENT_CODE = 'cash-on-delivery';
/** Paid in cash or by card at the store when the order is collected. */
export const IN_STORE_PAYMENT_CODE = 'cash-in-store';

/** How an order is paid, which decides what its summary, e-mail and invoice tell the shopper to do. */
export type PaymentWay = 'BANK_TRANSFER' | 'CASH_ON_DELIVERY' | 'IN_STORE' | 'OTHER';

/** The way a payment method (by its code) is paid: bank details and the QR belong to BANK_TRANSFER only. */
export function paymentWay(paymentCode: string): PaymentWay {
  if (paymentCode === BANK_TRANSFER_PAYMENT_CODE) return 'BANK_TRANSFER';
  if (paymentCode === CASH_ON_DELIVERY_PAYMENT_CODE) return 'CASH_ON_DELIVERY';
  if (paymentCode === IN_STORE_PAYMENT_CODE) return 'IN_STORE';
  return 'OTHER';
}

export const VAT_RATE_STANDARD_PERCENT = 21;
export const VAT_RATE_REDUCED_PERCENT = 12;
/** Shipping and payment fees carry the standard VAT rate: the cart, the order, its documents and the demo orders. */
export const SERVICE_VAT_RATE_PERCENT = VAT_RATE_STANDARD_PERCENT;

export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const PREFETCH_QUEUE_MAX = 5;

export const NOTIFICATION_TIMEOUT_MS = 3000;
export const TOAST_TIMEOUT_MS = 5000;
export const MAX_NOTIFICATIONS = 10;

export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
export const LOADING_BAR_RESET_DELAY_MS = 400;
export const LOADING_BAR_COLOR = '#0a5096';
export const LOADING_BAR_HEIGHT_PX = 1;

export const LOADING_BAR = {
  throttleMs: LOADING_BAR_THROTTLE_MS,
  durationMs: LOADING_BAR_DURATION_MS,
  hideDelayMs: LOADING_BAR_HIDE_DELAY_MS,
  resetDelayMs: LOADING_BAR_RESET_DELAY_MS,
  color: LOADING_BAR_COLOR,
  heightPx: LOADING_BAR_HEIGHT_PX,
} as const;

export const VALIDATION_DEBOUNCE_MS = 5;
export const CLIENT_RETRY_COUNT = 1;
export const LOG_THROTTLE_MS = 1000;

export interface LocaleDefinition {
  code: Locale;
  locale: 'cs-CZ' | 'en-US';
  name: string;
}

export const LOCALES: readonly LocaleDefinition[] = [
  { code: 'cs', locale: 'cs-CZ', name: 'Čeština' },
  { code: 'en', locale: 'en-US', name: 'English' },
];

export const DEFAULT_LOCALE: Locale = 'cs';
export const TIME_ZONE = 'Europe/Prague';
