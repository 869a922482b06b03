// Product.similar for a whole list at once. A list of 12 products asking for `similar` used to run one
// or two statements per product; the fields of one list (one selection) are now answered together by
// the request's loader (graphql/loaders.ts), in at most three statements. The rule of what is similar
// is the catalog's (services/catalog.ts similarProducts).
import type { Context } from '../context.ts';
import type { SimilarParent } from '../../services/catalog.ts';

export { SIMILAR_COUNT } from '../../services/catalog.ts';

/**
 * The products chosen as similar to `parent` (in their order), or else the best sellers of its
 * category. `selectionKey` tells lists apart: the same field of the same query shares one batch.
 */
export async function similarProducts(ctx: Context, parent: SimilarParent, selection: Record<string, unknown>, selectionKey: unknown): Promise<unknown[]> {
  const found = await ctx.loaders.similarProducts(selectionKey, selection).load(parent);
  // the shown products' listing data, and, for best sellers, their category's order by sales
  ctx.tagAnswer(...found.ids.map((id) => `listed:${id}` as const), ...(found.bestSellersOf === null ? [] : [`list:${found.bestSellersOf}` as const]));
  return found.products;
}
