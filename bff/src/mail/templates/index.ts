// Every kind of e-mail the shop sends, by the name the outbox stores (services/mail-outbox.ts). A new
// kind is its payload there, its document in mail/documents.ts, one file in this folder and one line here.
import { orderConfirmation } from './order-confirmation.ts';
import { orderCancelled } from './order-cancelled.ts';
import { paymentReceived } from './payment-received.ts';
import { orderProgress } from './order-progress.ts';
import { availabilityWatch } from './availability-watch.ts';
import { returnProtocol } from './return-protocol.ts';
import { creditNote } from './credit-note.ts';
import { accountWelcome } from './account-welcome.ts';
import { passwordReset } from './password-reset.ts';
import { orderConfirmationLink } from './order-confirmation-link.ts';
import { withdrawalConfirmationLink } from './withdrawal-confirmation-link.ts';
import { withdrawalAcknowledged } from './withdrawal-acknowledged.ts';
import { withdrawalProgress } from './withdrawal-progress.ts';
import { reviewRequest } from './review-request.ts';
import type { MailKind } from '../../services/mail-outbox.ts';
import type { MailTemplate } from './types.ts';

export const MAIL_TEMPLATES = {
  orderConfirmation,
  orderCancelled,
  paymentReceived,
  orderProgress,
  availabilityWatch,
  returnProtocol,
  creditNote,
  accountWelcome,
  passwordReset,
  orderConfirmationLink,
  withdrawalConfirmationLink,
  withdrawalAcknowledged,
  withdrawalProgress,
  reviewRequest,
} satisfies Record<MailKind, MailTemplate<never>>;

/** The document a kind's template renders. */
export type MailDocument<Kind extends MailKind> = (typeof MAIL_TEMPLATES)[Kind] extends MailTemplate<infer Document> ? Document : never;
