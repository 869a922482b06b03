// Putting e-mails into the outbox. Call these inside the transaction of what the e-mail announces:
// the row commits with the order (or the reset token), or not at all, so no e-mail is ever sent for
// something that did not happen and none is lost for something that did.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { MailKind, MailPayload } from './templates/index.ts';
import type { MailLanguage } from './templates/types.ts';

type Tx = Prisma.TransactionClient | Db;

export type OutgoingMail<Kind extends MailKind> = {
  kind: Kind;
  recipient: string;
  language: MailLanguage;
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

/**
 * The order confirmation, to the order's e-mail in the order's language. Call it inside the order's
 * transaction; after the commit, kickMailSender(db) sends it at once.
 */
export async function enqueueOrderConfirmation(tx: Tx, orderId: number): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { email: true, language: true } });
  await enqueueMail(tx, {
    kind: 'orderConfirmation',
    recipient: order.email,
    language: order.language,
    payload: { orderId },
    dedupeKey: `orderConfirmation:${orderId}`,
  });
}
