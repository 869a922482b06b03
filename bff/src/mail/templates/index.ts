// Every kind of e-mail the shop sends, by the name the outbox stores. A new kind (a password reset,
// a welcome) is one file in this folder and one line here.
import { orderConfirmation } from './order-confirmation.ts';
import { orderCancelled } from './order-cancelled.ts';
import { availabilityWatch } from './availability-watch.ts';
import { returnProtocol } from './return-protocol.ts';
import { accountWelcome } from './account-welcome.ts';
import { passwordReset } from './password-reset.ts';
import type { MailTemplate } from './types.ts';

export const MAIL_TEMPLATES = {
  orderConfirmation,
  orderCancelled,
  availabilityWatch,
  returnProtocol,
  accountWelcome,
  passwordReset,
};

export type MailKind = keyof typeof MAIL_TEMPLATES;

/** The payload a kind's outbox row carries. */
export type MailPayload<Kind extends MailKind> = (typeof MAIL_TEMPLATES)[Kind] extends MailTemplate<infer Payload> ? Payload : never;

export function mailTemplate(kind: string): MailTemplate<unknown> | null {
  return Object.hasOwn(MAIL_TEMPLATES, kind) ? (MAIL_TEMPLATES[kind as MailKind] as MailTemplate<unknown>) : null;
}
