// Withdrawal from the contract (odstoupení od smlouvy; issue 42, docs/decisions/0061).
//
// A customer declares it for her own order; a guest for the order of her summary link, confirmed by a
// link sent to the order's e-mail (24 hours; only the token's SHA-256 is stored), so a stranger holding
// a forwarded summary link cannot withdraw. The declaration's pieces are checked against the order
// (bought minus already withdrawn; match tickets excluded), the period (schema/rules/withdrawal.ts) and
// the order's state, inside a transaction that locks the order's row, so two declarations of the same
// pieces never both pass. On confirmation the customer gets the acknowledgement with the declaration,
// its date and time and two PDFs; the partner whose cart became the order hears order.withdrawn (the
// trigger of migration 20261129010000_withdrawals). The shop owner then records the goods' return
// (their stock comes back, once) and the refund (npm run order -- withdrawal …).
//
// Knows nothing of GraphQL; its failures are the domain's errors.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import type { Currency } from '../../../schema/rules/money.ts';
import { message } from '../i18n/messages.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { returnStock } from './stock.ts';
import { issueCreditNote } from './credit-notes.ts';
import { normalizeEmail } from './auth.ts';
import { ShopError, TooManyAttemptsError, ValidationError, type FieldError } from './errors.ts';
import { sameSecret } from './orders.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { validateForm } from '../../../schema/rules/validators.ts';
import { normalizeRefundAccount, refundAccountOf } from '../../../schema/rules/return-protocol.ts';
import { formatDate } from '../../../schema/rules/dates.ts';
import {
  isWithdrawalExcluded,
  WITHDRAWAL_CONFIRMATION_HOURS,
  withdrawalFormSchema,
  withdrawalLastDay,
  withdrawalMessage,
} from '../../../schema/rules/withdrawal.ts';
import { pragueDay } from '../../../schema/rules/dates.ts';

type Tx = Prisma.TransactionClient;

export type WithdrawalState = 'PENDING_CONFIRMATION' | 'CONFIRMED' | 'GOODS_RECEIVED' | 'REFUNDED';

/** A declaration refused by the rules (the period, the pieces, the order's state); nothing changed. */
export class WithdrawalRefusedError extends ShopError {
  constructor(text: string) {
    super('WITHDRAWAL_REFUSED', text);
  }
}

/** No such order for this visitor (someone else's, a wrong summary secret, a missing one: the same answer). */
export class WithdrawalOrderNotFoundError extends ShopError {
  constructor(text: string) {
    super('WITHDRAWAL_ORDER_NOT_FOUND', text);
  }
}

/** The shop owner's command refused (unknown withdrawal, wrong state, a bad amount); nothing changed. */
export class WithdrawalCommandError extends Error {}

/** `config.withdrawalPeriodDays`: the shop's withdrawal period (WITHDRAWAL_PERIOD_DAYS), days after delivery. */
export type WithdrawalDeps = { prisma: Db; rateLimiter: RateLimiter; config: { withdrawalPeriodDays: number } };

export type WithdrawalWho = { customerId: number | null; language: Locale; clientIp: string };

export type WithdrawalForm = {
  /** Order.databaseId. */
  orderId: number;
  /** The secret of the order's summary link: a guest's (or a foreign) order needs it. */
  orderHash?: string | null;
  /** Pieces per order line; lines left out (or 0) are not withdrawn. */
  items: { orderLineId: number; quantity: number }[];
  name: string;
  email: string;
  bankAccount: string;
  bankCode?: string | null;
  reason?: string | null;
};

export type OfferLine = {
  orderLineId: number;
  name: string;
  productCode: string;
  variantCode: string;
  size: string | null;
  bought: number;
  /** Pieces still open to withdrawal (bought minus confirmed withdrawals); 0 for an excluded line. */
  withdrawable: number;
  /** Why the line cannot be withdrawn (match tickets); null when it can. */
  excludedReason: string | null;
};

/** What the order's page offers: whether the function is shown, until when, and for which lines. */
export type WithdrawalOffer = {
  available: boolean;
  /** The shop's withdrawal period in days after delivery (the setting WITHDRAWAL_PERIOD_DAYS). */
  periodDays: number;
  /** The last Prague day of the period (YYYY-MM-DD); null for an order with nothing to withdraw from. */
  lastDay: string | null;
  /** Why the function is not offered (the period is over, tickets only, cancelled, all withdrawn); null while it is. */
  unavailableReason: string | null;
  lines: OfferLine[];
};

type OrderForOffer = {
  id: number;
  status: string;
  createdAt: Date;
  lines: { id: number; name: string; productCode: string; variantCode: string; size: string | null; quantity: number }[];
};

/**
 * When the order was delivered or picked up: its lifecycle move (OrderEvent, decision 0067), else a
 * DELIVERED status change recorded before the moves were (decision 0061); null while neither exists.
 */
async function deliveredAt(db: Db | Tx, orderId: number): Promise<Date | null> {
  const move = await db.orderEvent.findFirst({ where: { orderId, toStatus: { in: ['DELIVERED', 'PICKED_UP'] } }, orderBy: { at: 'asc' }, select: { at: true } });
  if (move) return move.at;
  const change = await db.orderStatusChange.findFirst({ where: { orderId, status: 'DELIVERED' }, orderBy: { id: 'asc' }, select: { createdAt: true } });
  return change?.createdAt ?? null;
}

/** Pieces per order line under confirmed withdrawals (a guest's unconfirmed declaration reserves nothing). */
async function withdrawnPieces(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const items = await db.withdrawalItem.findMany({
    where: { withdrawal: { orderId, state: { not: 'PENDING_CONFIRMATION' } } },
    select: { orderLineId: true, quantity: true },
  });
  const pieces = new Map<number, number>();
  for (const item of items) pieces.set(item.orderLineId, (pieces.get(item.orderLineId) ?? 0) + item.quantity);
  return pieces;
}

const OFFER_SELECT = {
  id: true,
  status: true,
  createdAt: true,
  lines: { select: { id: true, name: true, productCode: true, variantCode: true, size: true, quantity: true }, orderBy: { id: 'asc' } },
} as const;

async function offerOf(db: Db | Tx, order: OrderForOffer, language: Locale, periodDays: number, now: Date): Promise<WithdrawalOffer> {
  const withdrawn = await withdrawnPieces(db, order.id);
  const lines: OfferLine[] = order.lines.map((line) => {
    const excluded = isWithdrawalExcluded(line);
    return {
      orderLineId: line.id,
      name: line.name,
      productCode: line.productCode,
      variantCode: line.variantCode,
      size: line.size,
      bought: line.quantity,
      withdrawable: excluded ? 0 : Math.max(0, line.quantity - (withdrawn.get(line.id) ?? 0)),
      excludedReason: excluded ? withdrawalMessage('excluded', language) : null,
    };
  });
  const closed = (reason: string, lastDay: string | null = null): WithdrawalOffer => ({ available: false, periodDays, lastDay, unavailableReason: reason, lines });
  if (order.status === 'CANCELLED') return closed(withdrawalMessage('cancelled', language));
  if (lines.every((line) => line.excludedReason !== null)) return closed(withdrawalMessage('ticketsOnly', language));
  const lastDay = withdrawalLastDay(order, await deliveredAt(db, order.id), periodDays);
  if (pragueDay(now) > lastDay) return closed(withdrawalMessage('periodOver', language, { date: formatDate(`${lastDay}T12:00:00Z`, language) }), lastDay);
  if (lines.every((line) => line.withdrawable === 0)) return closed(withdrawalMessage('nothingLeft', language), lastDay);
  return { available: true, periodDays, lastDay, unavailableReason: null, lines };
}

/**
 * The withdrawal function of an order the caller may read already (its summary or detail);
 * `periodDays` is the shop's setting (config.withdrawalPeriodDays).
 */
export async function withdrawalOffer(db: Db, orderId: number, language: Locale, periodDays: number, now: Date = new Date()): Promise<WithdrawalOffer> {
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: OFFER_SELECT });
  return offerOf(db, order, language, periodDays, now);
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type CheckedForm = {
  name: string;
  email: string;
  refundAccount: string;
  reason: string;
  items: { orderLineId: number; quantity: number }[];
};

/** The form's own fields, as the web form checks them; throws a ValidationError with every field error. */
function readForm(form: WithdrawalForm, language: Locale): CheckedForm {
  const values = {
    name: form.name.trim(),
    email: form.email.trim(),
    bankAccount: form.bankAccount.trim(),
    bankCode: (form.bankCode ?? '').trim(),
    reason: (form.reason ?? '').trim(),
  };
  const fieldErrors: FieldError[] = Object.entries(validateForm(values, withdrawalFormSchema, language)).map(([field, text]) => ({ field, message: text }));
  const items = form.items.filter((item) => item.quantity !== 0);
  if (items.some((item) => !Number.isSafeInteger(item.quantity) || item.quantity < 0 || !Number.isSafeInteger(item.orderLineId))) {
    fieldErrors.push({ field: 'items', message: withdrawalMessage('noItems', language) });
  } else if (items.length === 0 || new Set(items.map((item) => item.orderLineId)).size !== items.length) {
    fieldErrors.push({ field: 'items', message: withdrawalMessage('noItems', language) });
  }
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', language));
  return {
    name: values.name,
    email: normalizeEmail(values.email),
    refundAccount: normalizeRefundAccount(refundAccountOf(values.bankAccount, values.bankCode)),
    reason: values.reason,
    items,
  };
}

/** The declared items against the order's offer (period, excluded lines, pieces left); throws when refused. */
function checkItems(offer: WithdrawalOffer, items: CheckedForm['items'], language: Locale): void {
  if (!offer.available) throw new WithdrawalRefusedError(offer.unavailableReason ?? withdrawalMessage('noItems', language));
  const fieldErrors: FieldError[] = [];
  for (const item of items) {
    const line = offer.lines.find((candidate) => candidate.orderLineId === item.orderLineId);
    if (!line) {
      fieldErrors.push({ field: 'items', message: withdrawalMessage('noItems', language) });
    } else if (line.excludedReason) {
      fieldErrors.push({ field: `items.${line.orderLineId}`, message: line.excludedReason });
    } else if (line.withdrawable === 0) {
      throw new WithdrawalRefusedError(withdrawalMessage('alreadyWithdrawn', language, { name: line.name }));
    } else if (item.quantity > line.withdrawable) {
      fieldErrors.push({ field: `items.${line.orderLineId}`, message: withdrawalMessage('tooMany', language, { name: line.name, max: line.withdrawable }) });
    }
  }
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', language));
}

type OwnedOrder = { id: number; number: string; email: string; customerId: number | null; language: Locale; own: boolean };

/** The order the visitor may withdraw from: her own, or the one whose summary secret she holds. */
async function orderFor(db: Db | Tx, form: Pick<WithdrawalForm, 'orderId' | 'orderHash'>, who: WithdrawalWho): Promise<OwnedOrder> {
  const notFound = () => new WithdrawalOrderNotFoundError(withdrawalMessage('orderNotFound', who.language));
  if (!Number.isSafeInteger(form.orderId) || form.orderId < 1 || form.orderId > 2_147_483_647) throw notFound();
  const order = await db.order.findUnique({ where: { id: form.orderId }, select: { id: true, number: true, email: true, customerId: true, hash: true, language: true } });
  if (!order) throw notFound();
  const own = who.customerId !== null && order.customerId === who.customerId;
  const linked = !!form.orderHash && sameSecret(order.hash, form.orderHash);
  if (!own && !linked) throw notFound();
  return { id: order.id, number: order.number, email: order.email, customerId: order.customerId, language: order.language, own };
}

export type CheckedDeclaration = CheckedForm & {
  orderId: number;
  orderNumber: string;
  orderedAt: Date;
  /** True when it is confirmed at once (the customer's own order); a guest confirms by the e-mailed link. */
  confirmsAtOnce: boolean;
  /** Where a guest's confirmation link goes: the order's e-mail. */
  orderEmail: string;
  lines: { orderLineId: number; name: string; productCode: string; size: string | null; quantity: number }[];
};

/** Checks a declaration as its step 2 will (nothing is written): the step 1 form's "continue". */
export async function checkWithdrawal(deps: WithdrawalDeps, form: WithdrawalForm, who: WithdrawalWho, now: Date = new Date()): Promise<CheckedDeclaration> {
  const checked = readForm(form, who.language);
  const order = await orderFor(deps.prisma, form, who);
  const full = await deps.prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: OFFER_SELECT });
  const offer = await offerOf(deps.prisma, full, who.language, deps.config.withdrawalPeriodDays, now);
  checkItems(offer, checked.items, who.language);
  return declarationOf(checked, order, full, offer);
}

function declarationOf(checked: CheckedForm, order: OwnedOrder, full: OrderForOffer, offer: WithdrawalOffer): CheckedDeclaration {
  return {
    ...checked,
    orderId: order.id,
    orderNumber: order.number,
    orderedAt: full.createdAt,
    confirmsAtOnce: order.own,
    orderEmail: order.email,
    lines: checked.items.map((item) => {
      const line = offer.lines.find((candidate) => candidate.orderLineId === item.orderLineId)!;
      return { orderLineId: line.orderLineId, name: line.name, productCode: line.productCode, size: line.size, quantity: item.quantity };
    }),
  };
}

/** Locks the order's row: the declarations of one order are checked and written one at a time. */
async function lockOrder(tx: Tx, orderId: number): Promise<OrderForOffer> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId}::int FOR UPDATE`;
  return tx.order.findUniqueOrThrow({ where: { id: orderId }, select: OFFER_SELECT });
}

async function acknowledge(tx: Tx, withdrawalId: number, recipient: string, language: Locale): Promise<void> {
  await enqueueMail(tx, { kind: 'withdrawalAcknowledged', recipient, language, payload: { withdrawalId }, dedupeKey: `withdrawalAcknowledged:${withdrawalId}` });
}

export type SubmittedWithdrawal = { withdrawalId: number; state: WithdrawalState; email: string };

/**
 * Step 2, "Potvrdit odstoupení": the customer's own order is withdrawn at once (CONFIRMED, received
 * now, acknowledged by e-mail); a guest's declaration waits (PENDING_CONFIRMATION) for the link sent
 * to the order's e-mail. Throws ValidationError, WithdrawalOrderNotFoundError, WithdrawalRefusedError or
 * TooManyAttemptsError; then nothing changed.
 */
export async function submitWithdrawal(deps: WithdrawalDeps, form: WithdrawalForm, who: WithdrawalWho, now: Date = new Date()): Promise<SubmittedWithdrawal> {
  const checked = readForm(form, who.language);
  const order = await orderFor(deps.prisma, form, who);
  if (!order.own) {
    // each guest declaration sends an e-mail: a few per address
    const limit = await deps.rateLimiter.consume(RATE_RULES.withdrawalPerIp, ipKey(who.clientIp));
    if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, who.language);
  }
  const token = randomBytes(32).toString('base64url');
  return inTransaction(deps.prisma, async (tx, changes) => {
    const full = await lockOrder(tx, order.id);
    const offer = await offerOf(tx, full, who.language, deps.config.withdrawalPeriodDays, now);
    checkItems(offer, checked.items, who.language);
    const created = await tx.withdrawal.create({
      data: {
        orderId: order.id,
        customerId: order.own ? who.customerId : null,
        state: order.own ? 'CONFIRMED' : 'PENDING_CONFIRMATION',
        language: who.language,
        name: checked.name,
        email: checked.email,
        refundAccount: checked.refundAccount,
        reason: checked.reason,
        receivedAt: order.own ? now : null,
        tokenHash: order.own ? null : tokenHash(token),
        tokenExpiresAt: order.own ? null : new Date(now.getTime() + WITHDRAWAL_CONFIRMATION_HOURS * 3_600_000),
        items: { create: checked.items.map((item) => ({ orderLineId: item.orderLineId, quantity: item.quantity })) },
      },
      select: { id: true, state: true },
    });
    if (order.own) {
      await acknowledge(tx, created.id, checked.email, who.language);
    } else {
      await enqueueMail(tx, {
        kind: 'withdrawalConfirmationLink',
        recipient: order.email,
        language: who.language,
        payload: { token, validMinutes: WITHDRAWAL_CONFIRMATION_HOURS * 60, firstName: checked.name.split(/\s+/)[0] },
      });
    }
    changes.record({ kind: 'MailEnqueued' });
    return { withdrawalId: created.id, state: created.state, email: order.own ? checked.email : order.email };
  });
}

/**
 * A guest's link: confirms the declaration (CONFIRMED, received now, acknowledged). A second use
 * changes nothing and answers the same withdrawal. Refused (nothing changed) when the link is unknown
 * or expired, or when the pieces were withdrawn meanwhile or the period (`periodDays`, the shop's
 * setting) ended.
 */
export async function confirmWithdrawal(
  db: Db,
  token: string,
  language: Locale,
  periodDays: number,
  now: Date = new Date(),
): Promise<{ withdrawalId: number; alreadyConfirmed: boolean }> {
  const invalid = () => new WithdrawalOrderNotFoundError(withdrawalMessage('linkInvalid', language));
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  return inTransaction(db, async (tx, changes) => {
    const found = await tx.withdrawal.findUnique({ where: { tokenHash: tokenHash(token) }, select: { id: true, orderId: true } });
    if (!found) throw invalid();
    const full = await lockOrder(tx, found.orderId);
    const withdrawal = await tx.withdrawal.findUniqueOrThrow({
      where: { id: found.id },
      select: { id: true, state: true, tokenExpiresAt: true, email: true, language: true, items: { select: { orderLineId: true, quantity: true } } },
    });
    if (withdrawal.state !== 'PENDING_CONFIRMATION') return { withdrawalId: withdrawal.id, alreadyConfirmed: true };
    if (!withdrawal.tokenExpiresAt || withdrawal.tokenExpiresAt <= now) throw new WithdrawalRefusedError(withdrawalMessage('linkExpired', language));
    const offer = await offerOf(tx, full, language, periodDays, now);
    checkItems(offer, withdrawal.items, language);
    await tx.withdrawal.update({ where: { id: withdrawal.id }, data: { state: 'CONFIRMED', receivedAt: now } });
    await acknowledge(tx, withdrawal.id, withdrawal.email, withdrawal.language);
    changes.record({ kind: 'MailEnqueued' });
    return { withdrawalId: withdrawal.id, alreadyConfirmed: false };
  });
}

// ---------------------------------------------------------------- the shop owner's side

export type OpenWithdrawal = {
  id: number;
  orderNumber: string;
  state: WithdrawalState;
  receivedAt: Date | null;
  name: string;
  email: string;
  refundAccount: string;
  currency: Currency;
  items: { name: string; variantCode: string; quantity: number; unitPriceGross: number }[];
};

const OWNER_SELECT = {
  id: true,
  state: true,
  receivedAt: true,
  name: true,
  email: true,
  refundAccount: true,
  order: { select: { number: true, currency: true } },
  items: { select: { quantity: true, orderLine: { select: { name: true, variantCode: true, unitPriceGross: true } } }, orderBy: { id: 'asc' } },
} as const;

function ownerView(row: {
  id: number;
  state: WithdrawalState;
  receivedAt: Date | null;
  name: string;
  email: string;
  refundAccount: string;
  order: { number: string; currency: Currency };
  items: { quantity: number; orderLine: { name: string; variantCode: string; unitPriceGross: number } }[];
}): OpenWithdrawal {
  return {
    id: row.id,
    orderNumber: row.order.number,
    state: row.state,
    receivedAt: row.receivedAt,
    name: row.name,
    email: row.email,
    refundAccount: row.refundAccount,
    currency: row.order.currency,
    items: row.items.map((item) => ({ name: item.orderLine.name, variantCode: item.orderLine.variantCode, quantity: item.quantity, unitPriceGross: item.orderLine.unitPriceGross })),
  };
}

/** Confirmed withdrawals not refunded yet (the goods to expect, the money to send), oldest first. */
export async function listOpenWithdrawals(db: Db): Promise<OpenWithdrawal[]> {
  const rows = await db.withdrawal.findMany({ where: { state: { in: ['CONFIRMED', 'GOODS_RECEIVED'] } }, orderBy: { receivedAt: 'asc' }, select: OWNER_SELECT });
  return rows.map(ownerView);
}

async function lockWithdrawal(tx: Tx, id: number) {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Withdrawal" WHERE "id" = ${id}::int FOR UPDATE`;
  if (locked.length === 0) throw new WithdrawalCommandError(`No withdrawal has the id ${id}.`);
  return tx.withdrawal.findUniqueOrThrow({
    where: { id },
    select: {
      ...OWNER_SELECT,
      orderId: true,
      language: true,
      refundAmount: true,
      items: { select: { quantity: true, orderLine: { select: { name: true, variantCode: true, unitPriceGross: true, variantId: true } } }, orderBy: { id: 'asc' } },
    },
  });
}

export type OwnerStepResult = { status: 'DONE' | 'ALREADY'; withdrawal: OpenWithdrawal; refundAmount: number | null; creditNoteNumber?: string };

/** The goods came back: their stock returns (once; a second call changes nothing) and the customer is told. */
export async function markWithdrawalReceived(db: Db, id: number, now: Date = new Date()): Promise<OwnerStepResult> {
  return inTransaction(db, async (tx, changes) => {
    const row = await lockWithdrawal(tx, id);
    if (row.state === 'GOODS_RECEIVED' || row.state === 'REFUNDED') return { status: 'ALREADY', withdrawal: ownerView(row), refundAmount: row.refundAmount };
    if (row.state !== 'CONFIRMED') throw new WithdrawalCommandError(`Withdrawal ${id} is not confirmed by the customer yet; nothing recorded.`);
    const lines = row.items.filter((item) => item.orderLine.variantId !== null).map((item) => ({ variantId: item.orderLine.variantId!, quantity: item.quantity }));
    await returnStock(tx, changes, lines);
    await tx.withdrawal.update({ where: { id }, data: { state: 'GOODS_RECEIVED', goodsReceivedAt: now } });
    await enqueueMail(tx, { kind: 'withdrawalProgress', recipient: row.email, language: row.language, payload: { withdrawalId: id, step: 'GOODS_RECEIVED' }, dedupeKey: `withdrawalGoodsReceived:${id}` });
    changes.record({ kind: 'MailEnqueued' });
    return { status: 'DONE', withdrawal: { ...ownerView(row), state: 'GOODS_RECEIVED' }, refundAmount: null };
  });
}

/**
 * The money went back: records the amount (minor units of the order's currency, more than 0 and at
 * most what the order cost less earlier refunds) and tells the customer. A second call changes nothing.
 * The credit note for the refund is issued by the credit-notes service (issue 42 section 2), called here.
 */
/**
 * The refund: a credit note (opravný daňový doklad, decision 0062) for the withdrawn goods is issued to the
 * order's invoice in the same transaction, and what was sent back is recorded as its total (decision 0061).
 * `amount`, when the owner types it, must be that total: a refund the credit note does not show would
 * leave the VAT records wrong. A second call changes nothing.
 */
export async function markWithdrawalRefunded(db: Db, id: number, amount: number | null, now: Date = new Date()): Promise<OwnerStepResult> {
  if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0)) throw new WithdrawalCommandError('The refund must be more than zero.');
  return inTransaction(db, async (tx, changes) => {
    const row = await lockWithdrawal(tx, id);
    if (row.state === 'REFUNDED') return { status: 'ALREADY', withdrawal: ownerView(row), refundAmount: row.refundAmount };
    if (row.state === 'PENDING_CONFIRMATION') throw new WithdrawalCommandError(`Withdrawal ${id} is not confirmed by the customer yet; nothing recorded.`);
    const items = await tx.withdrawalItem.findMany({ where: { withdrawalId: id }, select: { orderLineId: true, quantity: true }, orderBy: { id: 'asc' } });
    const note = await issueCreditNote(tx, changes, { orderId: row.orderId, lines: items, reason: 'WITHDRAWAL', note: `withdrawal #${id}` });
    const { totalGross } = await tx.creditNote.findUniqueOrThrow({ where: { id: note.id }, select: { totalGross: true } });
    const refund = -totalGross;
    if (amount !== null && amount !== refund) {
      throw new WithdrawalCommandError(
        `The credit note for the withdrawn goods comes to ${(refund / 100).toFixed(2)} ${row.order.currency}, not ${(amount / 100).toFixed(2)}: refund that amount (or leave out --amount); nothing recorded.`,
      );
    }
    await tx.withdrawal.update({ where: { id }, data: { state: 'REFUNDED', refundedAt: now, refundAmount: refund } });
    await enqueueMail(tx, { kind: 'withdrawalProgress', recipient: row.email, language: row.language, payload: { withdrawalId: id, step: 'REFUNDED' }, dedupeKey: `withdrawalRefunded:${id}` });
    changes.record({ kind: 'MailEnqueued' });
    return { status: 'DONE', withdrawal: { ...ownerView(row), state: 'REFUNDED' }, refundAmount: refund, creditNoteNumber: note.number };
  });
}

// ---------------------------------------------------------------- documents (e-mails, PDF)

export type WithdrawalDocument = {
  id: number;
  state: WithdrawalState;
  language: Locale;
  orderNumber: string;
  orderedAt: Date;
  name: string;
  email: string;
  refundAccount: string;
  reason: string;
  receivedAt: Date | null;
  goodsReceivedAt: Date | null;
  refundedAt: Date | null;
  refundAmount: number | null;
  currency: Currency;
  items: { name: string; productCode: string; size: string | null; quantity: number }[];
};

/** The declaration as its e-mails and PDF show it; null when there is no such withdrawal. */
export async function loadWithdrawalDocument(db: Db, id: number): Promise<WithdrawalDocument | null> {
  const row = await db.withdrawal.findUnique({
    where: { id },
    include: { order: { select: { number: true, createdAt: true, currency: true } }, items: { include: { orderLine: true }, orderBy: { id: 'asc' } } },
  });
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    language: row.language,
    orderNumber: row.order.number,
    orderedAt: row.order.createdAt,
    name: row.name,
    email: row.email,
    refundAccount: row.refundAccount,
    reason: row.reason,
    receivedAt: row.receivedAt,
    goodsReceivedAt: row.goodsReceivedAt,
    refundedAt: row.refundedAt,
    refundAmount: row.refundAmount,
    currency: row.order.currency,
    items: row.items.map((item) => ({ name: item.orderLine.name, productCode: item.orderLine.productCode, size: item.orderLine.size, quantity: item.quantity })),
  };
}
