// A product list with filters, sorting, "load more" and page links, all as real URLs.
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { ProductGrid } from './ProductCard.tsx';
import { PAGE_SIZE, listingSearch, type ListingState } from './listing-params.ts';
import { listingCount } from './listing-count.ts';

export const ProductListFieldsFragment = graphql(`
  fragment ProductListFields on ProductConnection {
    totalCount
    totalCountCapped
    offset
    pageInfo {
      hasNextPage
    }
    edges {
      cursor
      node {
        price {
          currency
        }
        ...ProductCardFields
      }
    }
  }
`);

type Props = {
  list: FragmentType<typeof ProductListFieldsFragment>;
  state: ListingState;
  basePath: string;
  /** Other URL parameters to keep (the search query). */
  keep?: Record<string, string>;
};

function pageNumbers(current: number, last: number): (number | null)[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1] > 1 ? [null, page] : [page]));
}

export function ProductListing({ state, basePath, keep = {}, ...props }: Props) {
  const list = getFragmentData(ProductListFieldsFragment, props.list);
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === basePath;
  const total = list.totalCount;
  const from = list.offset + 1;
  const to = list.offset + list.edges.length;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const link = (changes: Partial<ListingState>) => basePath + listingSearch({ ...state, ...changes }, keep);
  const inEuro = list.edges[0]?.node.price.currency === 'EUR';
  // an old link to a page past the last (fewer products since): no 'showing 1177 to 1176'
  const beyondLastPage = total > 0 && list.edges.length === 0;

  return (
    <div className="listing">
      <Form method="get" action={basePath} className="filters" aria-label={t('list.filters')} onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === 'sort' || target.name === 'inStock') submit(event.currentTarget, { preventScrollReset: true });
      }}>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="filters__field">
          <label htmlFor="sort">{t('list.sort')}</label>
          <select id="sort" name="sort" defaultValue={state.sort} key={state.sort}>
            <option value="bestselling">{t('list.sortBestSelling')}</option>
            <option value="newest">{t('list.sortNewest')}</option>
            <option value="price-asc">{t('list.sortPriceAsc')}</option>
            <option value="price-desc">{t('list.sortPriceDesc')}</option>
          </select>
        </div>
        <div className="filters__field filters__field--check">
          <input id="inStock" type="checkbox" name="inStock" value="1" defaultChecked={state.inStock} key={String(state.inStock)} />
          <label htmlFor="inStock">{t('list.inStockOnly')}</label>
        </div>
        <div className="filters__field">
          <label htmlFor="priceFrom">{inEuro ? t('list.priceFromEur') : t('list.priceFrom')}</label>
          <input id="priceFrom" name="priceFrom" type="number" inputMode="numeric" min={0} step={1} defaultValue={state.priceFrom ?? ''} key={`f${state.priceFrom}`} />
        </div>
        <div className="filters__field">
          <label htmlFor="priceTo">{inEuro ? t('list.priceToEur') : t('list.priceTo')}</label>
          <input id="priceTo" name="priceTo" type="number" inputMode="numeric" min={0} step={1} defaultValue={state.priceTo ?? ''} key={`t${state.priceTo}`} />
        </div>
        <button type="submit" className="button">
          {t('list.apply')}
        </button>
      </Form>

      <p className="listing__count" aria-live="polite" data-testid="listing-count">
        {/* nothing found says so, never 'Zobrazeno 0 až 0 z 0' */}
        {beyondLastPage ? t('list.beyondLastPage') : total === 0 ? t('list.nothingToShow') : listingCount(t, i18n.language, { from, to, total, capped: list.totalCountCapped })}
      </p>

      {beyondLastPage ? (
        <div className="empty-state">
          <Link to={link({ page: 1, start: 1 })}>{t('list.firstPage')}</Link>
        </div>
      ) : total === 0 ? (
        <div className="empty-state">
          <p>{t('category.noProducts')}</p>
          <Link to={basePath + listingSearch({ sort: 'bestselling', inStock: false, priceFrom: null, priceTo: null, page: 1, start: 1 }, keep)}>
            {t('category.resetFilters')}
          </Link>
        </div>
      ) : (
        <div aria-busy={loading}>
          {/* the cards' names are h3, as under the home page's h2 sections: keep the outline without a gap */}
          <h2 className="visually-hidden">{t('list.productsHeading')}</h2>
          <ProductGrid products={list.edges.map((edge) => edge.node)} eagerCount={4} />
        </div>
      )}

      {list.pageInfo.hasNextPage && (
        <p className="listing__more">
          <Link
            className="button button--secondary"
            to={link({ page: state.page + 1, start: state.start })}
            preventScrollReset
            data-testid="load-more"
          >
            {loading ? t('list.loading') : t('list.loadMore')}
          </Link>
        </p>
      )}

      {lastPage > 1 && (
        <nav className="pagination" aria-label={t('list.pages')}>
          {state.start > 1 && !beyondLastPage && (
            <Link to={link({ page: state.start - 1, start: state.start - 1 })} rel="prev">
              {t('list.previous')}
            </Link>
          )}
          <ul>
            {pageNumbers(state.page, lastPage).map((page, index) =>
              page === null ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  {page >= state.start && page <= state.page ? (
                    <span aria-current="page" className="pagination__current">
                      <span className="visually-hidden">{t('list.page', { page })}</span>
                      <span aria-hidden="true">{page}</span>
                    </span>
                  ) : (
                    <Link to={link({ page, start: page })} aria-label={t('list.page', { page })}>
                      {page}
                    </Link>
                  )}
                </li>
              ),
            )}
          </ul>
          {state.page < lastPage && (
            <Link to={link({ page: state.page + 1, start: state.page + 1 })} rel="next">
              {t('list.next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
