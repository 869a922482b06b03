// Goods held for an order a shopper without JavaScript confirms by a link sent to its e-mail
// (services/order-confirmations.ts): taken from Variant.stock when the link is sent, given back
// when the link is used (the order then takes them again in its own transaction), when it expires,
// when the cart asks for a new link, or when the cart is ordered another way.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { inTransaction, type ChangeRecorder } from '../events/record.ts';
import { returnStock, takeStock } from './stock.ts';

type Tx = Prisma.TransactionClient;

export type HeldLine = { variantId: number; quantity: number };

/** The held lines as stored (OrderConfirmation.held); anything else holds nothing. */
export function readHeld(value: Prisma.JsonValue): HeldLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const line = entry as Record<string, unknown> | null;
    const variantId = line?.variantId;
    const quantity = line?.quantity;
    return Number.isSafeInteger(variantId) && Number.isSafeInteger(quantity) && (quantity as number) > 0
      ? [{ variantId: variantId as number, quantity: quantity as number }]
      : [];
  });
}

/**
 * Takes the lines from stock (never below zero), in variant order so that two carts never wait for
 * each other crosswise; returns the first line there is not enough of (the caller rolls back).
 */
export async function holdGoods(tx: Tx, changes: ChangeRecorder, lines: HeldLine[]): Promise<HeldLine | null> {
  return takeStock(tx, changes, lines);
}

/**
 * Gives the cart's held goods back to stock, if it holds any; returns the confirmation that held
 * them (claimed with a conditional update, so a sweep running at once cannot give them back twice).
 */
export async function releaseCartHold(tx: Tx, changes: ChangeRecorder, cartId: string): Promise<{ id: number; expiresAt: Date } | null> {
  const released = await tx.$queryRaw<{ id: number; held: Prisma.JsonValue; expiresAt: Date }[]>`
    UPDATE "OrderConfirmation" SET "releasedAt" = now()
     WHERE "cartId" = ${cartId}::text AND "releasedAt" IS NULL
    RETURNING "id", "held", "expiresAt"`;
  if (released.length === 0) return null;
  await returnStock(tx, changes, readHeld(released[0].held));
  return { id: released[0].id, expiresAt: released[0].expiresAt };
}

/** Gives back the goods of every confirmation link that expired unused before `now`; returns their ids. */
export async function releaseExpiredHolds(db: Db, now: Date = new Date()): Promise<number[]> {
  return inTransaction(db, async (tx, changes) => {
    const released = await tx.$queryRaw<{ id: number; held: Prisma.JsonValue }[]>`
      UPDATE "OrderConfirmation" SET "releasedAt" = now()
       WHERE "id" IN (SELECT "id" FROM "OrderConfirmation"
                       WHERE "releasedAt" IS NULL AND "expiresAt" <= ${now}
                       ORDER BY "expiresAt", "id" LIMIT 200
                       FOR UPDATE SKIP LOCKED)
         AND "releasedAt" IS NULL
      RETURNING "id", "held"`;
    const lines = new Map<number, number>();
    for (const row of released) for (const line of readHeld(row.held)) lines.set(line.variantId, (lines.get(line.variantId) ?? 0) + line.quantity);
    await returnStock(tx, changes, [...lines].map(([variantId, quantity]) => ({ variantId, quantity })));
    return released.map((row) => row.id);
  });
}
