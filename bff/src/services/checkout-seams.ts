// The seams between checkout/orders (this part) and the vouchers (services/vouchers.ts) and mail
// (bff/src/mail/) parts of issue 6. Orders call only these functions, so wiring a part in changes
// this file alone.
import type { Db } from '../db/client.ts';
import type { Language, Prisma } from '../generated/prisma/client.ts';
import { evaluateVouchers, recordVoucherUses, VoucherError, type CartForVouchers, type VoucherEntry, type VoucherEvaluation } from './vouchers.ts';
import { buildSpayd } from '../../../schema/rules/spayd.ts';
import { supplierBankAccount, SUPPLIER } from '../../../schema/rules/supplier.ts';

type Tx = Prisma.TransactionClient;

export type { VoucherEntry, VoucherEvaluation } from './vouchers.ts';
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
export async function enqueueOrderMail(_tx: Tx, _orderId: number): Promise<void> {
  // SEAM(M): enqueueOrderConfirmation from bff/src/mail/, once it lands.
}

/** Sends what the outbox holds, after the order committed; never throws. */
export function kickOrderMail(_db: Db): void {
  // SEAM(M): sendPendingMail from bff/src/mail/, once it lands.
}

export type PaymentOrder = { number: string; currency: 'CZK' | 'EUR'; totalGross: number; variableSymbol: string };

/** The QR payment (SPAYD) string of an order: the shop's account for its currency, the total to pay. */
export function orderPaymentSpayd(order: PaymentOrder): string {
  // SEAM(M): orderSpayd from services/qr.ts (the same string for the summary, e-mail and invoice).
  const account = supplierBankAccount(order.currency);
  return buildSpayd({
    iban: account.iban,
    bic: account.bic,
    amountMinor: order.totalGross,
    currency: order.currency,
    variableSymbol: order.variableSymbol,
    message: `OBJEDNAVKA ${order.number}`,
    recipientName: SUPPLIER.company,
  });
}

/** The QR payment code as SVG; null until the renderer is wired. */
export async function qrPaymentSvg(_spayd: string): Promise<string | null> {
  // SEAM(M): qrSvg from services/qr.ts, once it is committed.
  return null;
}
