// The return protocol (reklamace): checks the form with the rules the web form runs
// (schema/rules/return-protocol.ts) and that the order is the shopper's, saves the protocol with its
// goods rows and its e-mail (with the PDF) in one transaction, and reads it back for documents.
// Knows nothing of GraphQL; its failures are the domain's errors.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { normalizeEmail } from './auth.ts';
import { ShopError, TooManyAttemptsError, ValidationError, type FieldError } from './errors.ts';
import { sameSecret } from './orders.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { validateForm } from '../../../schema/rules/validators.ts';
import {
  normalizeOrderNumber,
  normalizeRefundAccount,
  refundAccountOf,
  RETURN_MAX_LINES,
  returnLineErrors,
  returnMessage,
  returnProtocolFormSchema,
} from '../../../schema/rules/return-protocol.ts';
import { normalizePostcode } from '../../../schema/rules/postcode.ts';
import { storedPhone } from '../../../schema/rules/phone.ts';
import { pragueDay } from '../../../schema/rules/dates.ts';

export type ReturnLine = { productTitle: string; productCode: string; quantity: number; reason: string };

export type ReturnProtocolInput = {
  orderNumber: string;
  lines: ReturnLine[];
  /** A Czech account typed whole, an IBAN, or `[prefix-]number` with the bank code in `bankCode`. */
  bankAccount: string;
  /** The bank code of a Czech account typed without one; '' otherwise. */
  bankCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
  note: string;
  /** The secret of the order summary link (/objednavka/shrnuti/{id}/{hash}) a guest comes from. */
  orderHash?: string | null;
};

/** The protocol as its PDF and e-mail show it. */
export type ReturnProtocolDocument = {
  number: string;
  orderNumber: string;
  language: Locale;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
  bankAccount: string;
  note: string;
  lines: { productTitle: string; productCode: string; quantity: number; reason: string }[];
};

/** The form as it is sent: a line's quantity (1) and reason, the bank code and the note may be left out. */
export type ReturnProtocolForm = Omit<ReturnProtocolInput, 'lines' | 'note' | 'bankCode'> & {
  lines: { productTitle: string; productCode: string; quantity?: number | null; reason?: string | null }[];
  bankCode?: string | null;
  note?: string | null;
};

/**
 * No order with this number was placed by this customer or with this e-mail (the same answer for
 * both), or a guest's order came without its summary link's secret.
 */
export class ReturnOrderNotFoundError extends ShopError {
  constructor(text: string) {
    super('RETURN_ORDER_NOT_FOUND', text);
  }
}

export type ReturnDeps = { prisma: Db; rateLimiter: RateLimiter };

/** R + year + 6 digits of the row id, e.g. R2026000042. */
export function protocolNumber(id: number, createdAt: Date): string {
  return `R${pragueDay(createdAt).slice(0, 4)}${String(id).padStart(6, '0')}`;
}

/** The form's values, checked as the web form checks them; throws a ValidationError with every field error. */
function readForm(form: ReturnProtocolForm, language: Locale): ReturnProtocolInput {
  const values = { ...form, note: form.note ?? '', email: form.email.trim(), bankAccount: form.bankAccount.trim(), bankCode: (form.bankCode ?? '').trim() };
  const fieldErrors: FieldError[] = Object.entries(validateForm(values, returnProtocolFormSchema, language)).map(([field, text]) => ({
    field,
    message: text,
  }));
  if (form.lines.length === 0) fieldErrors.push({ field: 'lines', message: returnMessage('noLines', language) });
  if (form.lines.length > RETURN_MAX_LINES) {
    fieldErrors.push({ field: 'lines', message: returnMessage('tooManyLines', language, { max: RETURN_MAX_LINES }) });
  }
  const lines = form.lines.slice(0, RETURN_MAX_LINES).map((line, index) => {
    const row = { productTitle: line.productTitle, productCode: line.productCode, reason: line.reason ?? '', quantity: line.quantity ?? 1 };
    for (const [field, text] of Object.entries(returnLineErrors(row, index, language))) fieldErrors.push({ field, message: text });
    return row;
  });
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', language));
  return { ...values, lines };
}

/**
 * Saves the protocol and returns its id. The order must be the signed-in customer's own, or (for a guest, or a customer
 * returning a guest order) come with the secret of its summary link (the confirmation e-mail's "view
 * order" link) and the order's e-mail: an order number is sequential and an e-mail is no secret, so
 * with those alone anyone could claim someone else's refund to an account of their own. The same
 * answer for a missing order and someone else's, and a per-address limit, so order numbers cannot be probed.
 * Throws ValidationError (the form), TooManyAttemptsError or ReturnOrderNotFoundError.
 */
export async function submitReturnProtocol(
  deps: ReturnDeps,
  form: ReturnProtocolForm,
  who: { customerId: number | null; language: Locale; clientIp: string },
  /** Runs after the form's own checks, before anything is counted or written (the captcha). */
  beforeWrite: () => Promise<void> = async () => {},
): Promise<number> {
  const input = readForm(form, who.language);
  await beforeWrite();
  const limit = await deps.rateLimiter.consume(RATE_RULES.returnProtocolPerIp, ipKey(who.clientIp));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, who.language);

  const email = normalizeEmail(input.email);
  const order = await deps.prisma.order.findUnique({
    where: { number: normalizeOrderNumber(input.orderNumber) },
    select: { id: true, number: true, customerId: true, email: true, hash: true },
  });
  const own = order !== null && who.customerId !== null && order.customerId === who.customerId;
  // not the signed-in customer's own order, and no summary link's secret came with it
  if (!own && !input.orderHash) throw new ReturnOrderNotFoundError(returnMessage('orderLinkNeeded', who.language));
  const linked = order !== null && !!input.orderHash && sameSecret(order.hash, input.orderHash) && normalizeEmail(order.email) === email;
  if (!order || !(own || linked)) throw new ReturnOrderNotFoundError(returnMessage('orderNotFound', who.language));

  const complaintId = await inTransaction(deps.prisma, async (tx, changes) => {
    const created = await tx.complaint.create({
      data: {
        number: `pending-${randomUUID()}`,
        customerId: who.customerId,
        orderId: order.id,
        orderNumber: order.number,
        language: who.language,
        bankAccount: normalizeRefundAccount(refundAccountOf(input.bankAccount, input.bankCode)),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        phone: storedPhone(input.phone),
        street: input.street.trim(),
        city: input.city.trim(),
        postcode: normalizePostcode(input.postcode, input.country) ?? input.postcode.trim(),
        country: input.country,
        note: input.note.trim(),
        lines: {
          create: input.lines.map((line) => ({
            productTitle: line.productTitle.trim(),
            productCode: line.productCode.trim(),
            quantity: line.quantity,
            reason: line.reason.trim(),
          })),
        },
      },
      select: { id: true, createdAt: true },
    });
    await tx.complaint.update({ where: { id: created.id }, data: { number: protocolNumber(created.id, created.createdAt) } });
    await enqueueMail(tx, {
      kind: 'returnProtocol',
      recipient: email,
      language: who.language,
      payload: { complaintId: created.id },
      dedupeKey: `returnProtocol:${created.id}`,
    });
    changes.record({ kind: 'MailEnqueued' });
    return created.id;
  });
  return complaintId;
}

/** The protocol as its PDF and e-mail show it; null when there is no such protocol. */
export async function loadReturnProtocol(db: Db, complaintId: number): Promise<ReturnProtocolDocument | null> {
  const complaint = await db.complaint.findUnique({ where: { id: complaintId }, include: { lines: { orderBy: { id: 'asc' } } } });
  if (!complaint) return null;
  return {
    number: complaint.number,
    orderNumber: complaint.orderNumber,
    language: complaint.language,
    createdAt: complaint.createdAt,
    firstName: complaint.firstName,
    lastName: complaint.lastName,
    email: complaint.email,
    phone: complaint.phone,
    street: complaint.street,
    city: complaint.city,
    postcode: complaint.postcode,
    country: complaint.country,
    bankAccount: complaint.bankAccount,
    note: complaint.note,
    lines: complaint.lines.map(({ productTitle, productCode, quantity, reason }) => ({ productTitle, productCode, quantity, reason })),
  };
}
