// Putting e-mails into the outbox. Call these inside the transaction of what the e-mail announces:
// the row commits with the order (or the reset token), or not at all, so no e-mail is ever sent for
// something that did not happen and none is lost for something that did. The transaction records
// MailEnqueued (bff/src/events/); after the commit the app's subscriber calls kickMailSender(db), which
// wakes the sender (bff/src/jobs/mail.ts), and the sender reads each kind's document and renders it.
//
// A service, so that services enqueue without knowing the mail layer: the outbox row names the kind
// and carries a small payload (ids, or the reset link's token); what an e-mail shows is read when it
// is sent (services' document loaders), so the templates only receive it.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { ORDER_PROGRESS_STEPS, type OrderProgressStep } from '../../../schema/rules/order-lifecycle.ts';

type Tx = Prisma.TransactionClient | Db;

/** Every kind of e-mail the shop sends, by the name the outbox stores, with the payload its row carries. */
export type MailPayloads = {
  orderConfirmation: { orderId: number };
  orderCancelled: { orderId: number };
  paymentReceived: { orderId: number };
  /** A move of the order the customer hears of (services/order-transitions.ts), or the pickup reminder (services/order-progress.ts). */
  orderProgress: { orderId: number; step: OrderProgressStep };
  /** Enqueued by the database trigger on Variant.stock too (migration 20261122164000_wishlist_watch). */
  availabilityWatch: { watchId: number };
  returnProtocol: { complaintId: number };
  /** A credit note issued (services/credit-notes.ts), its PDF attached. */
  creditNote: { creditNoteId: number };
  accountWelcome: { customerId: number };
  /** firstName: the customer's, for the greeting (absent in rows queued before it was kept). */
  passwordReset: { token: string; validMinutes: number; firstName?: string };
  /** The link that confirms an order placed without JavaScript (services/order-confirmations.ts); firstName for the greeting. */
  orderConfirmationLink: { token: string; validMinutes: number; firstName?: string };
  /** A guest's withdrawal confirmation link (services/withdrawals.ts); firstName for the greeting. */
  withdrawalConfirmationLink: { token: string; validMinutes: number; firstName?: string };
  /** The acknowledgement of a confirmed withdrawal, with the declaration and the model form as PDFs. */
  withdrawalAcknowledged: { withdrawalId: number };
  /** The shop owner recorded the goods' return or the refund of a withdrawal. */
  withdrawalProgress: { withdrawalId: number; step: 'GOODS_RECEIVED' | 'REFUNDED' };
  /** Some days after delivery: the order's goods to review, through the link's token (services/reviews.ts). */
  reviewRequest: { orderId: number; token: string };
};

export type MailKind = keyof MailPayloads;

/** The payload a kind's outbox row carries. */
export type MailPayload<Kind extends MailKind> = MailPayloads[Kind];

type PayloadRules<Kind extends MailKind> = {
  /** The stored payload in its typed shape; null when it is not one (the row is given up). */
  parse: (payload: unknown) => MailPayload<Kind> | null;
  /** The payload holds a secret (a password reset link): it is emptied once the e-mail is sent. */
  secret?: boolean;
};

function idPayload<Key extends string>(key: Key) {
  return (payload: unknown): Record<Key, number> | null => {
    const id = (payload as Record<string, unknown> | null)?.[key];
    return typeof id === 'number' && Number.isSafeInteger(id) ? ({ [key]: id } as Record<Key, number>) : null;
  };
}

const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A link's token (32 random bytes in base64url) and how long it is valid, `minutes` when not said. */
function tokenPayload(minutes: number) {
  return (payload: unknown): { token: string; validMinutes: number } | null => {
    const { token, validMinutes } = (payload ?? {}) as { token?: unknown; validMinutes?: unknown };
    if (typeof token !== 'string' || !RESET_TOKEN_PATTERN.test(token)) return null;
    return { token, validMinutes: typeof validMinutes === 'number' && validMinutes > 0 ? validMinutes : minutes };
  };
}

/** A link's payload: its token and validity, and the first name its greeting uses (absent in older rows). */
function linkPayload(minutes: number) {
  return (payload: unknown): { token: string; validMinutes: number; firstName?: string } | null => {
    const link = tokenPayload(minutes)(payload);
    const { firstName } = (payload ?? {}) as { firstName?: unknown };
    return link && { ...link, ...(typeof firstName === 'string' ? { firstName } : {}) };
  };
}

export const MAIL_PAYLOADS: { [Kind in MailKind]: PayloadRules<Kind> } = {
  reviewRequest: {
    secret: true,
    parse: (payload) => {
      const id = idPayload('orderId')(payload);
      const link = tokenPayload(0)(payload);
      return id && link && { orderId: id.orderId, token: link.token };
    },
  },
  orderConfirmation: { parse: idPayload('orderId') },
  orderCancelled: { parse: idPayload('orderId') },
  paymentReceived: { parse: idPayload('orderId') },
  orderProgress: {
    parse: (payload) => {
      const id = idPayload('orderId')(payload);
      const step = (payload as { step?: unknown } | null)?.step;
      return id && (ORDER_PROGRESS_STEPS as readonly unknown[]).includes(step) ? { ...id, step: step as OrderProgressStep } : null;
    },
  },
  availabilityWatch: { parse: idPayload('watchId') },
  returnProtocol: { parse: idPayload('complaintId') },
  creditNote: { parse: idPayload('creditNoteId') },
  accountWelcome: { parse: idPayload('customerId') },
  passwordReset: { secret: true, parse: linkPayload(60) },
  orderConfirmationLink: { secret: true, parse: linkPayload(30) },
  withdrawalConfirmationLink: { secret: true, parse: linkPayload(24 * 60) },
  withdrawalAcknowledged: { parse: idPayload('withdrawalId') },
  withdrawalProgress: {
    parse: (payload) => {
      const id = idPayload('withdrawalId')(payload);
      const step = (payload as { step?: unknown } | null)?.step;
      return id && (step === 'GOODS_RECEIVED' || step === 'REFUNDED') ? { ...id, step } : null;
    },
  },
};

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_PAYLOADS, kind);
}

export type OutgoingMail<Kind extends MailKind> = {
  kind: Kind;
  recipient: string;
  language: Locale;
  payload: MailPayload<Kind>;
  /** At most one e-mail per key: enqueueing the same key again does nothing. */
  dedupeKey?: string;
};

/** Adds an e-mail to the outbox; false when one with the same dedupeKey is there already. */
export async function enqueueMail<Kind extends MailKind>(tx: Tx, mail: OutgoingMail<Kind>): Promise<boolean> {
  const { count } = await tx.mailOutbox.createMany({
    data: [
      {
        kind: mail.kind,
        recipient: mail.recipient,
        language: mail.language,
        payload: mail.payload as Prisma.InputJsonValue,
        dedupeKey: mail.dedupeKey ?? null,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

/** An order's id with the e-mail and language its confirmation goes to. */
export type ConfirmedOrder = { id: number; email: string; language: Locale };

/**
 * The order confirmation, to the order's e-mail in the order's language. Call it inside the order's
 * transaction, and record MailEnqueued (bff/src/events/): after the commit the sender sends it at once.
 * `placed`: the order's id, or the order just written with its e-mail and language (not read again).
 */
export async function enqueueOrderConfirmation(tx: Tx, placed: number | ConfirmedOrder): Promise<void> {
  const order = typeof placed === 'number' ? { id: placed, ...(await tx.order.findUniqueOrThrow({ where: { id: placed }, select: { email: true, language: true } })) } : placed;
  const orderId = order.id;
  await enqueueMail(tx, {
    kind: 'orderConfirmation',
    recipient: order.email,
    language: order.language,
    payload: { orderId },
    dedupeKey: `orderConfirmation:${orderId}`,
  });
}

// The sender of each database client (the mail job, jobs/mail.ts startMailJob, registers it), woken after a commit.
const senders = new WeakMap<Db, () => void>();

/** After a commit that enqueued e-mail: the sender of this database client sends it now. Never throws. */
export function kickMailSender(db: Db): void {
  senders.get(db)?.();
}

/** The mail layer's sender of this database client; the returned function unregisters it. */
export function registerMailSender(db: Db, kick: () => void): () => void {
  senders.set(db, kick);
  return () => {
    if (senders.get(db) === kick) senders.delete(db);
  };
}
