// The return protocol (reklamace): checks that the order is the shopper's, saves the protocol with its
// goods rows and its e-mail (with the PDF) in one transaction, and reads it back for documents.
// Knows nothing of GraphQL; the resolver (graphql/schema/returns.ts) validates the form and maps outcomes.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { enqueueMail, kickMailSender } from './mail-outbox.ts';
import { normalizeEmail } from './auth.ts';
import { sameSecret } from './orders.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { normalizeRefundAccount } from '../../../schema/rules/return-protocol.ts';
import { normalizePostcode } from '../../../schema/rules/postcode.ts';
import { pragueDay } from '../../../schema/rules/dates.ts';

export type ReturnLine = { productTitle: string; productCode: string; quantity: number; reason: string };

export type ReturnProtocolInput = {
  orderNumber: string;
  lines: ReturnLine[];
  bankAccount: string;
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

export type ReturnOutcome =
  | { kind: 'saved'; complaintId: number }
  | { kind: 'orderNotFound' }
  /** Not the signed-in customer's own order, and no summary link's secret came with it. */
  | { kind: 'orderLinkNeeded' }
  | { kind: 'tooManyAttempts'; retryAfterMs: number };

export type ReturnDeps = { prisma: Db; rateLimiter: RateLimiter };

/** R + year + 6 digits of the row id, e.g. R2026000042. */
export function protocolNumber(id: number, createdAt: Date): string {
  return `R${pragueDay(createdAt).slice(0, 4)}${String(id).padStart(6, '0')}`;
}

/**
 * Saves the protocol. The order must be the signed-in customer's own, or (for a guest, or a customer
 * returning a guest order) come with the secret of its summary link (the confirmation e-mail's "view
 * order" link) and the order's e-mail: an order number is sequential and an e-mail is no secret, so
 * with those alone anyone could claim someone else's refund to an account of their own. The same
 * answer for a missing order and someone else's, and a per-address limit, so order numbers cannot be probed.
 */
export async function submitReturnProtocol(
  deps: ReturnDeps,
  input: ReturnProtocolInput,
  who: { customerId: number | null; language: Locale; clientIp: string },
): Promise<ReturnOutcome> {
  const limit = await deps.rateLimiter.consume(RATE_RULES.returnProtocolPerIp, ipKey(who.clientIp));
  if (!limit.allowed) return { kind: 'tooManyAttempts', retryAfterMs: limit.retryAfterMs };

  const email = normalizeEmail(input.email);
  const order = await deps.prisma.order.findUnique({
    where: { number: input.orderNumber.trim() },
    select: { id: true, number: true, customerId: true, email: true, hash: true },
  });
  const own = order !== null && who.customerId !== null && order.customerId === who.customerId;
  if (!own && !input.orderHash) return { kind: 'orderLinkNeeded' };
  const linked = order !== null && !!input.orderHash && sameSecret(order.hash, input.orderHash) && normalizeEmail(order.email) === email;
  if (!order || !(own || linked)) return { kind: 'orderNotFound' };

  const complaintId = await deps.prisma.$transaction(async (tx) => {
    const created = await tx.complaint.create({
      data: {
        number: `pending-${randomUUID()}`,
        customerId: who.customerId,
        orderId: order.id,
        orderNumber: order.number,
        language: who.language,
        bankAccount: normalizeRefundAccount(input.bankAccount),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        phone: input.phone.trim(),
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
    return created.id;
  });
  kickMailSender(deps.prisma);
  return { kind: 'saved', complaintId };
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
