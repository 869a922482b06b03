// Every line of a bank statement recorded once (decision 0070): a BankTransaction row keyed by the
// bank's id of the movement, whichever way it came (a CSV, GPC or camt.053 file, or the Fio API).
// An incoming payment is paired by its variable symbol through markOrderPaid, the one way an order
// becomes paid (decision 0046); what could not be paired is kept UNPAIRED or AMBIGUOUS with the reason,
// for `npm run order -- payments --unpaired`; outgoing money is kept IGNORED.
//
// A line recorded before is skipped: importing a statement twice changes nothing. The pairing and the
// row are two commits (markOrderPaid owns its transaction); a crash between them is repaired by the next
// import of the line: markOrderPaid finds the order paid by this very movement (its reference is the
// bank's id) and the row is written PAIRED then, so the order is paid exactly once. Two imports of one
// line at the same moment write one row (ON CONFLICT DO NOTHING) and pay once (markOrderPaid's lock).
import type { Db } from '../db/client.ts';
import { formatMoney, type Currency } from '../../../schema/rules/money.ts';
import { markOrderPaid, PaymentRefusedError, type PaymentRefusal, type RecordedPayment } from './order-payments.ts';
import type { Statement, StatementLine, StatementPayment } from './bank-statements.ts';

export type BankTransactionState = 'PAIRED' | 'UNPAIRED' | 'AMBIGUOUS' | 'IGNORED';

/** What became of one payment of the statement. */
export type ImportedPayment = StatementPayment &
  (
    | { outcome: 'MARKED'; overpaid: number }
    /** Paid before: by this very payment (recorded before a crash) or by another one. */
    | { outcome: 'ALREADY_PAID'; sameReference: boolean; earlier: RecordedPayment | null }
    | { outcome: 'NO_VARIABLE_SYMBOL' }
    /** The line was recorded by an earlier import (or poll); nothing was done now. */
    | { outcome: 'RECORDED_BEFORE'; state: BankTransactionState }
    | { outcome: PaymentRefusal; message: string }
  );

const isOrderCurrency = (currency: string): currency is Currency => currency === 'CZK' || currency === 'EUR';

/** The row's state, reason and sentence for a payment's outcome. */
function recordOf(result: ImportedPayment): { state: BankTransactionState; reason: string; detail: string } {
  switch (result.outcome) {
    case 'MARKED':
      return { state: 'PAIRED', reason: result.overpaid > 0 ? 'OVERPAID' : '', detail: result.overpaid > 0 ? `overpaid by ${formatMoney(result.overpaid, result.currency as Currency, 'en')}: return it` : '' };
    case 'ALREADY_PAID':
      return result.sameReference
        ? { state: 'PAIRED', reason: '', detail: '' }
        : { state: 'AMBIGUOUS', reason: 'PAID_BEFORE', detail: `order ${result.variableSymbol} was paid before by another payment; if this is a second payment, return it` };
    case 'NO_VARIABLE_SYMBOL':
      return { state: 'UNPAIRED', reason: 'NO_VARIABLE_SYMBOL', detail: 'no variable symbol; match it by hand (npm run order -- paid).' };
    case 'RECORDED_BEFORE':
      return { state: result.state, reason: '', detail: '' };
    default:
      return { state: 'UNPAIRED', reason: result.outcome, detail: result.message };
  }
}

async function recordLine(db: Db, line: StatementLine, source: Statement['format'], signedAmount: number, record: { state: BankTransactionState; reason: string; detail: string }, orderNumber: string | null) {
  const order = orderNumber ? await db.order.findUnique({ where: { number: orderNumber }, select: { id: true } }) : null;
  await db.$executeRaw`
    INSERT INTO "BankTransaction" ("bankId", "account", "amount", "currency", "bookedOn", "variableSymbol", "message", "state", "reason", "detail", "source", "orderId")
    VALUES (${line.movementId}, ${line.account}, ${signedAmount}, ${line.currency}, ${new Date(`${line.paidOn}T00:00:00Z`)}::date, ${line.variableSymbol}, ${line.message},
            ${record.state}, ${record.reason}, ${record.detail}, ${source}, ${record.state === 'PAIRED' ? (order?.id ?? null) : null})
    ON CONFLICT ("bankId") DO NOTHING`;
}

/** Pairs one incoming payment (nothing recorded yet). */
async function pair(db: Db, payment: StatementPayment, now: Date): Promise<ImportedPayment> {
  if (payment.variableSymbol === '') return { ...payment, outcome: 'NO_VARIABLE_SYMBOL' };
  if (!isOrderCurrency(payment.currency)) {
    return { ...payment, outcome: 'WRONG_CURRENCY', message: `The payment is in ${payment.currency}; orders are paid in CZK or EUR, so it pays none: return it.` };
  }
  try {
    const marked = await markOrderPaid(
      db,
      { orderNumber: payment.variableSymbol, amount: payment.amount, currency: payment.currency, paidOn: payment.paidOn, reference: payment.movementId, source: 'bank-import' },
      now,
    );
    return marked.result === 'MARKED'
      ? { ...payment, outcome: 'MARKED', overpaid: marked.overpaid }
      : { ...payment, outcome: 'ALREADY_PAID', earlier: marked.payment, sameReference: marked.payment?.reference === payment.movementId };
  } catch (error) {
    if (!(error instanceof PaymentRefusedError)) throw error;
    return { ...payment, outcome: error.reason, message: error.message };
  }
}

/**
 * Records every line of the statement once and marks the orders its payments pay, each payment on its
 * own (one refused leaves the others). Lines recorded before come back as RECORDED_BEFORE, untouched.
 */
export async function importStatement(db: Db, statement: Statement, now: Date = new Date()): Promise<ImportedPayment[]> {
  const ids = [...statement.payments, ...statement.outgoingLines].map((line) => line.movementId);
  const known = new Map((await db.bankTransaction.findMany({ where: { bankId: { in: ids } }, select: { bankId: true, state: true } })).map((row) => [row.bankId, row.state as BankTransactionState]));
  const results: ImportedPayment[] = [];
  for (const payment of statement.payments) {
    // a line twice in one file is recorded once too
    const before = known.get(payment.movementId);
    if (before) {
      results.push({ ...payment, outcome: 'RECORDED_BEFORE', state: before });
      continue;
    }
    const result = await pair(db, payment, now);
    const record = recordOf(result);
    known.set(payment.movementId, record.state);
    await recordLine(db, payment, statement.format, payment.amount, record, record.state === 'PAIRED' ? payment.variableSymbol : null);
    results.push(result);
  }
  for (const line of statement.outgoingLines) {
    if (known.has(line.movementId)) continue;
    known.set(line.movementId, 'IGNORED');
    await recordLine(db, line, statement.format, -line.amount, { state: 'IGNORED', reason: 'OUTGOING', detail: '' }, null);
  }
  return results;
}

/** A recorded line for the operator's list. */
export type RecordedBankTransaction = {
  bankId: string;
  bookedOn: string;
  amount: number;
  currency: string;
  variableSymbol: string;
  account: string;
  message: string;
  state: BankTransactionState;
  reason: string;
  detail: string;
  source: string;
  orderNumber: string | null;
};

/** The recorded lines, the newest day first (a day's in the order recorded): only those to check by hand (UNPAIRED, AMBIGUOUS) with `unpaired`. */
export async function listBankTransactions(db: Db, { unpaired, limit = 500 }: { unpaired: boolean; limit?: number }): Promise<RecordedBankTransaction[]> {
  const rows = await db.bankTransaction.findMany({
    where: unpaired ? { state: { in: ['UNPAIRED', 'AMBIGUOUS'] } } : {},
    orderBy: [{ bookedOn: 'desc' }, { id: 'asc' }],
    take: limit,
    include: { order: { select: { number: true } } },
  });
  return rows.map((row) => ({
    bankId: row.bankId,
    bookedOn: row.bookedOn.toISOString().slice(0, 10),
    amount: row.amount,
    currency: row.currency,
    variableSymbol: row.variableSymbol,
    account: row.account,
    message: row.message,
    state: row.state as BankTransactionState,
    reason: row.reason,
    detail: row.detail,
    source: row.source,
    orderNumber: row.order?.number ?? null,
  }));
}
