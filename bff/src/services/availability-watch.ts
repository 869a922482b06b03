// Availability watch: a shopper leaves her e-mail on a sold-out variant and gets one e-mail when it is
// back in stock. The e-mail itself is enqueued by a database trigger on Variant.stock (migration
// 20261122164000_wishlist_watch), so every path that changes stock (the stock command, a CSV import,
// an order cancellation, SQL by hand) notifies, in the transaction of the change.
//
// No enumeration: asking to watch answers the same whether the address watched the variant already
// or not, and nothing in the API lists or reveals watches. The per-address and per-e-mail limits keep
// the form from being used to sign strangers up in bulk.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Language } from '../generated/prisma/client.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { message } from '../i18n/messages.ts';
import { normalizeEmail } from './auth.ts';
import { NotFoundError, TooManyAttemptsError } from './errors.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type WatchDeps = { prisma: Db; rateLimiter: RateLimiter };

/** 24 bytes (192 bits) from the CSPRNG, base64url: the unsubscribe link's token. */
function newUnsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * Stores the watch once per e-mail and variant (asking again re-arms it and updates the language).
 * When the variant is in stock at this very moment (it came back while the page was open), the
 * e-mail goes out at once instead of waiting for the next time it sells out and comes back. Returns
 * the e-mail watching; throws TooManyAttemptsError, or NotFoundError for a variant not on sale.
 */
export async function watchAvailability(
  deps: WatchDeps,
  input: { variantId: number; email: string; language: Language; customerId: number | null; clientIp: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  for (const [rule, key] of [
    [RATE_RULES.availabilityWatchPerIp, ipKey(input.clientIp)],
    [RATE_RULES.availabilityWatchPerEmail, email],
  ] as const) {
    const limit = await deps.rateLimiter.consume(rule, key);
    if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, input.language);
  }
  await inTransaction(deps.prisma, async (tx, changes) => {
    // FOR SHARE: a stock change of this variant waits for this transaction, so its trigger sees the watch
    const variants = await tx.$queryRaw<{ stock: number }[]>`
      SELECT v."stock" FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
       WHERE v."id" = ${input.variantId}::int AND p."published"
       FOR SHARE OF v`;
    if (variants.length === 0) throw new NotFoundError(message('variantNotFound', input.language));
    const [watch] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "AvailabilityWatch" ("variantId", "email", "language", "customerId", "unsubscribeToken")
      VALUES (${input.variantId}::int, ${email}::text, ${input.language}::"Language", ${input.customerId}::int, ${newUnsubscribeToken()}::text)
      ON CONFLICT ("variantId", "email") DO UPDATE
         SET "notifiedAt" = NULL, "language" = EXCLUDED."language",
             "customerId" = COALESCE(EXCLUDED."customerId", "AvailabilityWatch"."customerId")
      RETURNING "id"`;
    if (variants[0].stock === 0) return;
    const notifiedAt = new Date();
    await tx.availabilityWatch.update({ where: { id: watch.id }, data: { notifiedAt } });
    const enqueued = await enqueueMail(tx, {
      kind: 'availabilityWatch',
      recipient: email,
      language: input.language,
      payload: { watchId: watch.id },
      dedupeKey: `availabilityWatch:${watch.id}:${notifiedAt.getTime()}`,
    });
    if (enqueued) changes.record({ kind: 'MailEnqueued' });
  });
  return email;
}

/**
 * The unsubscribe link: stops every watch of the e-mail address the token was sent to. Throws
 * NotFoundError for a token that is unknown (or was used already).
 */
export async function unsubscribeWatches(prisma: Db, token: string, language: Language): Promise<number> {
  const watch = UNSUBSCRIBE_TOKEN_PATTERN.test(token)
    ? await prisma.availabilityWatch.findUnique({ where: { unsubscribeToken: token }, select: { email: true } })
    : null;
  if (!watch) throw new NotFoundError(message('watchNotFound', language));
  const { count } = await prisma.availabilityWatch.deleteMany({ where: { email: watch.email } });
  return count;
}

/** What the back-in-stock e-mail shows (mail/templates/availability-watch.ts), in the watch's language. */
export type WatchMailDocument = {
  productName: string;
  productSlug: string;
  size: string | null;
  /** The colour's name in the language, else its code; null for a variant without a colour. */
  colour: string | null;
  unsubscribeToken: string;
  /** The watcher's first name when the watch is a customer's (a guest's has none), for the greeting. */
  firstName: string | null;
};

/** Null when the watch is gone (the watcher unsubscribed before the e-mail went out) or the product has no text in the language. */
export async function watchMailDocument(db: Db, watchId: number, language: Language): Promise<WatchMailDocument | null> {
  const watch = await db.availabilityWatch.findUnique({
    where: { id: watchId },
    select: {
      unsubscribeToken: true,
      customer: { select: { firstName: true } },
      variant: {
        select: {
          code: true,
          size: true,
          colour: { select: { code: true, translations: { where: { language }, select: { name: true } } } },
          product: { select: { translations: { where: { language }, select: { name: true, slug: true } } } },
        },
      },
    },
  });
  const translation = watch?.variant.product.translations[0];
  if (!watch || !translation) return null;
  return {
    productName: translation.name,
    productSlug: translation.slug,
    size: watch.variant.size,
    colour: watch.variant.colour?.translations[0]?.name ?? watch.variant.colour?.code ?? null,
    unsubscribeToken: watch.unsubscribeToken,
    firstName: watch.customer?.firstName ?? null,
  };
}
