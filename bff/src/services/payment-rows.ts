// The row that records an order's payment (OrderPayment, decision 0046), written inside the caller's
// transaction with the order's row locked: by markOrderPaid (services/order-payments.ts) and by the
// DELIVERED / PICKED_UP move of an order paid on handover (services/order-transitions.ts). Its own module
// so that the payment path and the lifecycle service, which call each other, both use it.
import type { Tx } from '../events/record.ts';
import type { Currency } from '../../../schema/rules/index.ts';

/**
 * How a payment was recorded (OrderPayment.source): by the command, a bank statement, or taken on
 * handover of an order paid by cash on delivery or in the store (services/order-transitions.ts).
 */
export type PaymentSource = 'command' | 'bank-import' | 'cash-on-delivery' | 'in-store';

/**
 * Writes an order's payment row inside the caller's transaction (the order's row locked by it); false
 * when the order has one already. markOrderPaid and a handover payment (order-transitions.ts) use it.
 */
export async function recordPaymentInTx(
  tx: Tx,
  payment: { orderId: number; amount: number; currency: Currency; paidOn: string; reference: string; source: PaymentSource },
): Promise<boolean> {
  const { count } = await tx.orderPayment.createMany({
    data: [{ ...payment, paidOn: new Date(`${payment.paidOn}T00:00:00Z`) }],
    skipDuplicates: true,
  });
  return count === 1;
}
