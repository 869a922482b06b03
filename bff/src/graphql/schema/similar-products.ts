// Product.similar for a whole list at once. A list of 12 products asking for `similar` used to run one
// or two statements per product, after the client had maybe long gone; the fields of one list (one
// tick of the executor, one selection) are now answered together in at most three statements.
import type { Context } from '../context.ts';

/** How many similar products a product shows. */
export const SIMILAR_COUNT = 4;

type Parent = { id: number; categoryId: number };
type Selection = Record<string, unknown>;
type Batch = { parents: Parent[]; result: Promise<Map<number, unknown[]>> };

const batchesOfRequest = new WeakMap<Context, Map<unknown, Batch>>();

/**
 * The products chosen as similar to `parent` (in their order), or else the best sellers of its
 * category. `selectionKey` tells lists apart: the same field of the same query shares one batch.
 */
export function similarProducts(ctx: Context, parent: Parent, selection: Selection, selectionKey: unknown): Promise<unknown[]> {
  let batches = batchesOfRequest.get(ctx);
  if (!batches) batchesOfRequest.set(ctx, (batches = new Map()));
  let batch = batches.get(selectionKey);
  if (!batch) {
    const parents: Parent[] = [];
    const own = batches;
    // the executor calls the field of every list item before the next turn of the event loop
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      own.delete(selectionKey);
      return loadSimilar(ctx, parents, selection);
    });
    batch = { parents, result };
    batches.set(selectionKey, batch);
  }
  batch.parents.push(parent);
  return batch.result.then((found) => found.get(parent.id) ?? []);
}

async function loadSimilar(ctx: Context, parents: Parent[], selection: Selection): Promise<Map<number, unknown[]>> {
  const found = new Map<number, unknown[]>();
  const chosen = await ctx.prisma.similarProduct.findMany({
    where: { productId: { in: parents.map((parent) => parent.id) }, similar: { published: true } },
    orderBy: [{ productId: 'asc' }, { position: 'asc' }, { similarId: 'asc' }],
    select: { productId: true, similarId: true, similar: selection },
  });
  ctx.tagAnswer(...chosen.map((link) => `listed:${link.similarId}` as const));
  for (const link of chosen) {
    const list = found.get(link.productId) ?? [];
    if (list.length < SIMILAR_COUNT) list.push(link.similar);
    found.set(link.productId, list);
  }
  const rest = parents.filter((parent) => !found.has(parent.id));
  if (rest.length) await addBestSellers(ctx, rest, selection, found);
  return found;
}

/** The best sellers of each parent's category, the parent itself left out. */
async function addBestSellers(ctx: Context, parents: Parent[], selection: Selection, found: Map<number, unknown[]>) {
  const categories = [...new Set(parents.map((parent) => parent.categoryId))];
  // one more than shown, in case the parent is among them
  const perCategory = SIMILAR_COUNT + 1;
  // each category's first entries of its sales-order index, not every product of it ranked (issue 40)
  const ranked = await ctx.prisma.$queryRaw<{ id: number; categoryId: number }[]>`
    SELECT best.id, c.id AS "categoryId"
      FROM unnest(${categories}::int[]) AS c(id)
     CROSS JOIN LATERAL (
       SELECT p.id, p."soldCount" FROM "Product" p
        WHERE p."categoryId" = c.id AND p.published
        ORDER BY p."soldCount" DESC, p.id ASC
        LIMIT ${perCategory}
     ) best
     ORDER BY c.id, best."soldCount" DESC, best.id ASC`;
  // the best sellers' order changes with their sales: the categories' listings
  ctx.tagAnswer(...categories.map((id) => `list:${id}` as const), ...ranked.map((row) => `listed:${row.id}` as const));
  if (!ranked.length) return;
  const products = (await ctx.prisma.product.findMany({ ...selection, where: { id: { in: ranked.map((row) => row.id) } } })) as { id: number }[];
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const parent of parents) {
    const ids = ranked.filter((row) => row.categoryId === parent.categoryId && row.id !== parent.id).map((row) => row.id);
    found.set(parent.id, ids.slice(0, SIMILAR_COUNT).flatMap((id) => byId.get(id) ?? []));
  }
}
