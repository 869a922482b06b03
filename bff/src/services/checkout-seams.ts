// Where checkout and orders meet the other parts of issue 6: the vouchers (services/vouchers.ts), the
// mail outbox (bff/src/mail/) and the QR payment code (services/qr.ts). Orders call only these.
import type { Db } from '../db/client.ts';
import type { Language, Prisma } from '../generated/prisma/client.ts';
import { evaluateVouchers, recordVoucherUses, voucherEmail, VoucherError, type CartForVouchers, type VoucherEntry, type VoucherEvaluation } from './vouchers.ts';
import { enqueueOrderConfirmation, kickMailSender } from './mail-outbox.ts';
import { orderSpayd, qrSvg, type PaymentOrder } from './qr.ts';

type Tx = Prisma.TransactionClient;

export type { VoucherEntry, VoucherEvaluation } from './vouchers.ts';
export { voucherEmail };
export type VoucherCart = CartForVouchers;

/** The cart's vouchers, evaluated against the goods' value (inside the order's transaction too). */
export function evaluateCartVouchers(db: Db | Tx, cart: VoucherCart, language: Language): Promise<VoucherEvaluation> {
  return evaluateVouchers(db, cart, language);
}

/** Records the order's voucher uses; false when a limit was hit meanwhile (the order then rolls back). */
export async function recordCartVoucherUses(
  tx: Tx,
  orderId: number,
  cart: VoucherCart,
  entries: VoucherEntry[],
  language: Language,
): Promise<boolean> {
  try {
    await recordVoucherUses(tx, orderId, cart, entries, language);
    return true;
  } catch (error) {
    if (error instanceof VoucherError) return false;
    throw error;
  }
}

/** Puts the order confirmation into the outbox, inside the order's transaction. */
export function enqueueOrderMail(tx: Tx, orderId: number): Promise<void> {
  return enqueueOrderConfirmation(tx, orderId);
}

/** Sends what the outbox holds, after the order committed; never throws. */
export function kickOrderMail(db: Db): void {
  kickMailSender(db);
}

export type { PaymentOrder };

/** The QR payment (SPAYD) string of an order: the same for the summary, the e-mail and the invoice. */
export function orderPaymentSpayd(order: PaymentOrder): string {
  return orderSpayd(order);
}

/** The QR payment code as an SVG document. */
export function qrPaymentSvg(spayd: string): Promise<string> {
  return qrSvg(spayd);
}
