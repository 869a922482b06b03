// A product list's state lives in the URL (real links for pages, filters and sorting):
// ?sort=newest&inStock=1&priceFrom=500&priceTo=2000&page=3&start=2
// Prices in the URL are whole crowns or euros; the API takes minor units.
export const PAGE_SIZE = 12;
const MAX_PAGES_AT_ONCE = 8; // "load more" up to 96 products, within the API's page-size cap

export type SortParam = 'bestselling' | 'newest' | 'price-asc' | 'price-desc';
const SORTS: Record<SortParam, 'BEST_SELLING' | 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC'> = {
  bestselling: 'BEST_SELLING',
  newest: 'NEWEST',
  'price-asc': 'PRICE_ASC',
  'price-desc': 'PRICE_DESC',
};

export type ListingState = {
  sort: SortParam;
  inStock: boolean;
  priceFrom: number | null;
  priceTo: number | null;
  page: number;
  start: number;
};

function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number <= max ? number : null;
}

export function parseListing(search: URLSearchParams): ListingState {
  const sortParam = search.get('sort') as SortParam | null;
  const page = Math.max(1, wholeNumber(search.get('page'), 10_000) ?? 1);
  const start = Math.min(page, Math.max(1, wholeNumber(search.get('start'), 10_000) ?? page, page - MAX_PAGES_AT_ONCE + 1));
  let priceFrom = wholeNumber(search.get('priceFrom'), 10_000_000);
  let priceTo = wholeNumber(search.get('priceTo'), 10_000_000);
  // "from" above "to" would silently find nothing: the shopper meant the range the other way round
  if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom];
  return {
    // own keys only: `in` is true for inherited names too (?sort=__proto__, ?sort=constructor)
    sort: sortParam !== null && Object.hasOwn(SORTS, sortParam) ? sortParam : 'bestselling',
    inStock: search.get('inStock') === '1',
    priceFrom,
    priceTo,
    page,
    start,
  };
}

export function listingVariables(state: ListingState) {
  return {
    first: (state.page - state.start + 1) * PAGE_SIZE,
    offset: (state.start - 1) * PAGE_SIZE,
    sort: SORTS[state.sort],
    filter: {
      inStock: state.inStock || null,
      priceFrom: state.priceFrom === null ? null : state.priceFrom * 100,
      priceTo: state.priceTo === null ? null : state.priceTo * 100,
    },
  };
}

/** The URL search string for a state, leaving out defaults so URLs stay short and canonical. */
export function listingSearch(state: ListingState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (state.sort !== 'bestselling') params.set('sort', state.sort);
  if (state.inStock) params.set('inStock', '1');
  if (state.priceFrom !== null) params.set('priceFrom', String(state.priceFrom));
  if (state.priceTo !== null) params.set('priceTo', String(state.priceTo));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.start !== state.page) params.set('start', String(state.start));
  const text = params.toString();
  return text ? `?${text}` : '';
}
