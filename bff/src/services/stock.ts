// Changing stock: by hand, as a shop owner does (one variant by its code, `npm run stock -- set`, or
// many from a CSV file, `npm run stock -- import`), and by orders, holds and cancellations
// (takeStock, returnStock). Every change is recorded as a StockChanged event in its transaction
// (bff/src/events/). The availability watch needs nothing from here: the database trigger on
// Variant.stock enqueues its e-mails whichever way stock changes; a change that brings a variant back
// records MailEnqueued too, so the sender is woken after the commit.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { stockChanged } from '../events/events.ts';
import { inTransaction, type ChangeRecorder } from '../events/record.ts';

type Tx = Prisma.TransactionClient;

export const MAX_STOCK = 1_000_000;

/** A stock change the owner asked for that cannot be made (unknown code, bad quantity, bad CSV line). */
export class StockInputError extends Error {}

export type StockChange = { code: string; previous: number; stock: number };

function checkQuantity(quantity: number, where: string): void {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) {
    throw new StockInputError(`${where}the quantity must be a whole number from 0 to ${MAX_STOCK}.`);
  }
}

/** Parses a quantity written by a person ("3", " 12 "); NaN when it is not a plain whole number. */
export function parseQuantity(text: string): number {
  return /^\s*\d{1,7}\s*$/.test(text) ? Number(text.trim()) : Number.NaN;
}

/** Sets the stock of variants by their codes, all or none (one transaction). */
export async function setStock(prisma: Db, changes: { code: string; quantity: number }[]): Promise<StockChange[]> {
  changes.forEach((change, index) => checkQuantity(change.quantity, changes.length > 1 ? `Line ${index + 1}: ` : ''));
  return inTransaction(prisma, async (tx, recorder) => {
    const done: StockChange[] = [];
    const moved: StockRow[] = [];
    for (const change of changes) {
      // the old value from the row this statement locks, not from an earlier read
      const rows = await tx.$queryRaw<(StockRow & { previous: number })[]>`
        UPDATE "Variant" v SET "stock" = ${change.quantity}::int
          FROM (SELECT "id", "stock" FROM "Variant" WHERE "code" = ${change.code}::text FOR UPDATE) old
         WHERE v."id" = old."id"
        RETURNING v."id" AS "variantId", v."productId", old."stock" AS "previous", v."stock" AS "stock"`;
      if (rows.length === 0) throw new StockInputError(await unknownCodeMessage(tx, change.code));
      done.push({ code: change.code, previous: rows[0].previous, stock: rows[0].stock });
      moved.push({ ...rows[0], delta: rows[0].stock - rows[0].previous });
    }
    recordStock(recorder, moved);
    return done;
  });
}

type StockLine = { variantId: number; quantity: number };
/** A variant's stock after a change, and by how much it moved. */
type StockRow = { variantId: number; productId: number; stock: number; delta: number };

function recordStock(changes: ChangeRecorder, rows: readonly StockRow[]): void {
  if (rows.length === 0) return;
  changes.record(stockChanged(rows.map((row) => ({ variantId: row.variantId, productId: row.productId, before: row.stock - row.delta, after: row.stock }))));
  // the availability watch's trigger enqueued its e-mails for a variant back in stock
  if (rows.some((row) => row.stock > 0 && row.stock - row.delta === 0)) changes.record({ kind: 'MailEnqueued' });
}

/**
 * Takes the lines from stock (never below zero), in variant order so that two carts never wait for
 * each other crosswise; returns the first line there is not enough of (the caller rolls back).
 */
export async function takeStock(tx: Tx, changes: ChangeRecorder, lines: readonly StockLine[]): Promise<StockLine | null> {
  const moved: StockRow[] = [];
  try {
    for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
      const rows = await tx.$queryRaw<StockRow[]>`
        UPDATE "Variant" SET "stock" = "stock" - ${line.quantity}::int
         WHERE "id" = ${line.variantId}::int AND "stock" >= ${line.quantity}::int
        RETURNING "id" AS "variantId", "productId", "stock", ${-line.quantity}::int AS "delta"`;
      if (rows.length !== 1) return line;
      moved.push(rows[0]);
    }
    return null;
  } finally {
    recordStock(changes, moved);
  }
}

/** Gives the lines back to stock, in variant order. */
export async function returnStock(tx: Tx, changes: ChangeRecorder, lines: readonly StockLine[]): Promise<void> {
  const moved: StockRow[] = [];
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const rows = await tx.$queryRaw<StockRow[]>`
      UPDATE "Variant" SET "stock" = "stock" + ${line.quantity}::int WHERE "id" = ${line.variantId}::int
      RETURNING "id" AS "variantId", "productId", "stock", ${line.quantity}::int AS "delta"`;
    moved.push(...rows);
  }
  recordStock(changes, moved);
}

async function unknownCodeMessage(prisma: Tx, code: string): Promise<string> {
  const product = await prisma.product.findUnique({ where: { code }, select: { variants: { select: { code: true }, orderBy: { position: 'asc' } } } });
  return product
    ? `"${code}" is a product; name one of its variants: ${product.variants.map((variant) => variant.code).join(', ')}.`
    : `No variant has the code "${code}".`;
}

/**
 * A CSV of `code,quantity` lines (or `;` as the separator, as Czech spreadsheets write it). A header
 * line, blank lines and lines starting with # are skipped. Every line is checked before anything is written.
 */
export function parseStockCsv(text: string): { code: string; quantity: number }[] {
  const changes: { code: string; quantity: number }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const cells = trimmed.split(/[;,]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (index === lines.findIndex((l) => l.trim() !== '') && /\p{L}/u.test(cells[1] ?? '')) {
      continue; // a header such as "code;quantity" (its second cell is a word, not a number)
    }
    const quantity = parseQuantity(cells[1] ?? '');
    if (cells.length !== 2 || cells[0] === '' || Number.isNaN(quantity)) {
      throw new StockInputError(`Line ${index + 1}: expected "variant code,quantity", got "${trimmed.slice(0, 80)}".`);
    }
    checkQuantity(quantity, `Line ${index + 1}: `);
    changes.push({ code: cells[0], quantity });
  }
  if (changes.length === 0) throw new StockInputError('The file has no stock lines.');
  return changes;
}
