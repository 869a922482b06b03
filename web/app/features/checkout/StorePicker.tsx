// Personal pickup: the shop's stores as radio buttons (arrow keys move between them, as in any radio
// group), narrowed by a search by city, each with its address and whether it is open now; below, the
// same map as the store pages (StoreMap: loaded only when shown), where choosing a marker chooses
// the store.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { StoreMap } from '../stores/StoreMap.tsx';
import { OpeningStatus } from '../stores/StoreStatus.tsx';

export const StorePickerFieldsFragment = graphql(`
  fragment StorePickerFields on Store {
    id
    name
    street
    city
    postcode
    ...StoreMapFields
    openingStatus {
      ...OpeningStatusFields
    }
  }
`);

type Props = {
  stores: readonly FragmentType<typeof StorePickerFieldsFragment>[];
  value: string | null;
  onChange: (storeId: string) => void;
  error?: string;
  disabled?: boolean;
};

/** Lower case without diacritics, so "brno" finds "Brno" and "ustí" finds "Ústí nad Labem". */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function StorePicker({ value, onChange, error, disabled, ...props }: Props) {
  const stores = getFragmentData(StorePickerFieldsFragment, props.stores);
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const countId = useId();
  const shown = useMemo(() => {
    const wanted = searchable(query);
    return wanted === '' ? stores : stores.filter((store) => searchable(store.city).includes(wanted) || searchable(store.postcode.replace(/\s/g, '')).startsWith(wanted.replace(/\s/g, '')));
  }, [stores, query]);
  // the chosen store stays on the list while the shopper searches for another
  const listed = value && !shown.some((store) => store.id === value) ? [...stores.filter((store) => store.id === value), ...shown] : shown;

  return (
    <fieldset className={error ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={error ? 'store-error' : undefined} data-testid="store-picker">
      <legend>{t('checkout.store')}</legend>
      <div className="store-search">
        <label htmlFor={searchId}>{t('stores.search')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={t('stores.searchPlaceholder')}
          autoComplete="address-level2"
          maxLength={100}
          aria-describedby={countId}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the search must not submit the checkout form
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      <p id={countId} className="muted store-picker__count" role="status">
        {query.trim() === '' ? '' : shown.length === 0 ? t('stores.noneFound', { city: query.trim() }) : t('stores.found', { count: shown.length })}
      </p>
      <ul className="choice-list">
        {listed.map((store) => (
          <li key={store.id} className={value === store.id ? 'choice choice--selected' : 'choice'}>
            <label className="choice__label">
              <input type="radio" name="store" value={store.id} checked={value === store.id} disabled={disabled} onChange={() => onChange(store.id)} />
              <span className="choice__name">{store.name}</span>
              <span className="muted choice__description">
                {store.street}, {store.postcode} {store.city}
              </span>
              <span className="store-picker__status">
                <OpeningStatus status={store.openingStatus} as="span" />
              </span>
            </label>
          </li>
        ))}
      </ul>
      <StoreMap
        stores={listed}
        selectedId={value}
        onSelect={disabled ? undefined : onChange}
        label={t('stores.mapLabel')}
      />
      {error && (
        <p id="store-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
