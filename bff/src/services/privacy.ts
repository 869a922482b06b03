// Privacy (issue 7, item 8): a customer downloads everything the shop holds about her, and deletes
// her account.
//
// Deleting keeps the orders for accounting (the law requires tax documents to be kept; GDPR art.
// 17(3)(b)) but anonymised: no longer linked to the account, e-mail, phone, delivery address and note
// replaced. An order whose tax invoice was issued keeps the invoice address the invoice names (the
// buyer's name, address, IČO, DIČ: a tax document and its data are kept for 10 years, zákon o DPH
// § 35 and zákon o účetnictví § 31), so the invoice can be reproduced as issued; without an issued
// invoice the invoice address is anonymised too. Everything else
// is removed: addresses, carts, wishlists, watches, newsletter subscriptions, reset tokens, access
// tokens, e-mails still in the outbox, and every session (the shopper is signed out everywhere).
// Seats her carts held go back on sale, announced to the open seat pickers after the commit, as a
// release or a cancelled order does (decision 0041).
// Vouchers issued to her alone are ended, not handed to everyone. It asks for the password again
// (counted like login attempts) and runs in one transaction.
import type { Db } from '../db/client.ts';
import { endCustomerSessions } from './sessions.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { TooManyAttemptsError, ValidationError } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { groupChanges, seatsChanged } from './tickets.ts';
import { inTransaction } from '../events/record.ts';

/** What an anonymised order's personal fields become. */
export const ANONYMISED = {
  email: (orderId: number) => `anonymised-${orderId}@invalid.invalid`,
  name: '–',
} as const;

const PROFILE_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  language: true,
  newsletter: true,
  termsAcceptedAt: true,
  privacyAcceptedAt: true,
  marketingConsentAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CustomerSelect;

/** Everything about the customer, as one JSON-ready object (no password hash, no token hashes). */
export async function exportCustomerData(prisma: Db, customerId: number) {
  const customer = await prisma.customer.findUnique({ where: { id: customerId }, select: PROFILE_FIELDS });
  if (!customer) return null;
  const [addresses, orders, wishlists, watches, newsletter, complaints, accessTokens] = await Promise.all([
    prisma.address.findMany({ where: { customerId }, orderBy: { id: 'asc' } }),
    prisma.order.findMany({
      where: { customerId },
      orderBy: { createdAt: 'asc' },
      omit: { hash: true, cartId: true },
      include: {
        lines: { omit: { id: true, orderId: true }, orderBy: { id: 'asc' } },
        statusHistory: true,
        invoice: { select: { number: true, issuedAt: true, dueAt: true } },
      },
    }),
    prisma.wishlist.findMany({ where: { customerId }, omit: { shareToken: true, sessionKey: true }, include: { items: true } }),
    prisma.availabilityWatch.findMany({ where: { OR: [{ customerId }, { email: customer.email }] }, omit: { unsubscribeToken: true } }),
    prisma.newsletterSubscription.findMany({ where: { OR: [{ customerId }, { email: customer.email }] } }),
    prisma.complaint.findMany({ where: { customerId }, include: { lines: true } }),
    prisma.apiToken.findMany({
      where: { customerId },
      select: { prefix: true, name: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true },
    }),
  ]);
  const { termsAcceptedAt, privacyAcceptedAt, marketingConsentAt, ...profile } = customer;
  return {
    exportedAt: new Date().toISOString(),
    profile,
    consents: { termsAcceptedAt, privacyAcceptedAt, marketingConsentAt, newsletter: customer.newsletter },
    addresses,
    orders,
    newsletter,
    wishlists,
    availabilityWatches: watches,
    complaints,
    accessTokens,
  };
}

/** Deletes the account (see above). Throws TooManyAttemptsError, or ValidationError at `password` for a wrong one. */
export async function deleteAccount(
  deps: { prisma: Db; rateLimiter: RateLimiter },
  input: { customerId: number; password: string },
  context: { clientIp: string; language: Locale },
): Promise<void> {
  const wrongPassword = () =>
    new ValidationError([{ field: 'password', message: message('wrongPassword', context.language) }], message('invalidInput', context.language));
  const customer = await deps.prisma.customer.findUnique({ where: { id: input.customerId }, select: { email: true, passwordHash: true } });
  if (!customer) throw wrongPassword();
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.loginPerIp, ipKey(context.clientIp));
  if (!byAddress.allowed) throw TooManyAttemptsError.after(byAddress.retryAfterMs, context.language);
  const byAccount = await deps.rateLimiter.consume(RATE_RULES.loginPerAccount, customer.email);
  if (!byAccount.allowed) throw TooManyAttemptsError.after(byAccount.retryAfterMs, context.language);
  if (!(await verifyPassword(customer.passwordHash, input.password))) throw wrongPassword();
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccount, customer.email);

  const customerId = input.customerId;
  const email = customer.email;
  await inTransaction(deps.prisma, async (tx, changes) => {
    const orders = await tx.order.findMany({ where: { customerId }, select: { id: true, invoiceAddress: true, invoice: { select: { id: true } } } });
    for (const order of orders) {
      const address = (order.invoiceAddress ?? {}) as Record<string, unknown>;
      // a company's own details (name, IČO, DIČ) are not personal data and the invoice needs them;
      // an issued invoice needs the buyer's name and address too, for as long as it is kept
      const invoiceAddress = {
        company: address.company ?? '',
        ico: address.ico ?? '',
        dic: address.dic ?? '',
        firstName: order.invoice ? (address.firstName ?? '') : ANONYMISED.name,
        lastName: order.invoice ? (address.lastName ?? '') : ANONYMISED.name,
        email: '',
        phone: '',
        street: order.invoice ? (address.street ?? '') : ANONYMISED.name,
        city: order.invoice ? (address.city ?? '') : ANONYMISED.name,
        postcode: order.invoice ? (address.postcode ?? '') : '',
        country: address.country ?? '',
      };
      await tx.order.update({
        where: { id: order.id },
        data: { customerId: null, email: ANONYMISED.email(order.id), phone: null, note: '', invoiceAddress, deliveryAddress: Prisma.DbNull },
      });
    }
    await tx.voucherUse.updateMany({ where: { customerId }, data: { customerId: null } });
    // a voucher meant for her alone must not become everyone's when the link is cut
    await tx.voucher.updateMany({ where: { customerId }, data: { validUntil: new Date() } });
    // her carts' held seats would go with the carts (ON DELETE CASCADE); deleted first to learn which
    const freed = await tx.$queryRaw<{ eventId: number; seat: number }[]>`
      DELETE FROM "EventSeat" WHERE "cartId" IN (SELECT "id" FROM "Cart" WHERE "customerId" = ${customerId}::int)
      RETURNING "eventId", "seat"`;
    await tx.cart.deleteMany({ where: { customerId } });
    await tx.availabilityWatch.deleteMany({ where: { OR: [{ customerId }, { email }] } });
    await tx.newsletterSubscription.deleteMany({ where: { OR: [{ customerId }, { email }] } });
    await tx.complaint.updateMany({ where: { customerId }, data: { customerId: null } });
    await tx.mailOutbox.deleteMany({ where: { recipient: email } });
    await endCustomerSessions(tx, customerId);
    // addresses, wishlists, reset tokens and access tokens go with the customer (ON DELETE CASCADE)
    await tx.customer.delete({ where: { id: customerId } });
    changes.record(...groupChanges(freed, 'freed').map(seatsChanged));
  });
}
