// The link to one variant of a product (issue 44: feeds link each variant): the product's page with the
// variant's code in a query parameter named in the page's language. The page opens with that colour and
// size chosen; its canonical address stays the product's.
import { href, type RouteLanguage } from './routes.ts';

/** The query parameter that picks a variant on the product page, per language. */
export const VARIANT_PARAM: Record<RouteLanguage, string> = { cs: 'varianta', en: 'variant' };

/** `/produkt/{slug}?varianta={code}`, `/en/product/{slug}?variant={code}`. */
export function variantHref(slug: string, variantCode: string, language: RouteLanguage): string {
  return `${href('product', language, { slug })}?${variantQuery(variantCode, language)}`;
}

/** The query string (without `?`) that variantHref puts after the path. */
export function variantQuery(variantCode: string, language: RouteLanguage): string {
  return `${VARIANT_PARAM[language]}=${encodeURIComponent(variantCode)}`;
}

/** The variant code a product page's address asks for (either language's parameter), or null. */
export function askedVariantCode(search: URLSearchParams): string | null {
  return search.get(VARIANT_PARAM.cs) ?? search.get(VARIANT_PARAM.en);
}
