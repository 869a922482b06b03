// The 'parcel-point' delivery's picker, as shoppers know it from the carriers' own: a search by town,
// street or PSČ, the points found as radio buttons nearest first (name, point or locker, address,
// distance from the place searched for, opening hours), and the same map as the store picker
// (PlacesMap: loaded only when opened), where choosing a marker chooses the point. The chosen point
// stays on top of the list. With JavaScript the list follows the typing; without it the search button
// posts the checkout form, whose action answers with the points (routes/checkout.tsx).
import { useEffect, useId, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { PlacesMap } from '../stores/StoreMap.tsx';
import { PICKUP_POINT_SEARCH_MAX_LENGTH } from '../../../../schema/rules/index.ts';

export const PickupPointFieldsFragment = graphql(`
  fragment PickupPointFields on PickupPoint {
    id
    name
    type
    street
    city
    postcode
    latitude
    longitude
    openingHoursText
  }
`);

export const PickupPointSearchQuery = graphql(`
  query PickupPointSearch($search: String, $postcode: String, $first: Int) {
    pickupPoints(search: $search, postcode: $postcode, first: $first) {
      distanceText
      point {
        ...PickupPointFields
      }
    }
  }
`);

/** Points one search lists: ten keep the list short on a phone; a closer search finds the others. */
export const PICKUP_POINTS_LISTED = 10;
/** How long typing pauses before the list follows. */
const SEARCH_DELAY_MS = 300;

export type PickupPointHits = readonly { distanceText: string | null; point: FragmentType<typeof PickupPointFieldsFragment> }[];

type Props = {
  /** The cart's point, shown on top whatever the list. */
  chosen: FragmentType<typeof PickupPointFieldsFragment> | null;
  value: string | null;
  onChange: (pointId: string) => void;
  /** The search the page starts with, and its points (the form's answer without JavaScript). */
  initialSearch: string;
  initialHits: PickupPointHits | null;
  /** The shopper's PSČ: with JavaScript, the points near it are listed before anything is typed. */
  postcode: string;
  error?: string;
};

type Status = 'idle' | 'loading' | 'failed';

export function PickupPointPicker({ value, onChange, initialSearch, initialHits, postcode, error, ...props }: Props) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const chosen = getFragmentData(PickupPointFieldsFragment, props.chosen);
  const [query, setQuery] = useState(initialSearch);
  const [hits, setHits] = useState<PickupPointHits | null>(initialHits);
  const [searched, setSearched] = useState(initialHits ? initialSearch : '');
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchId = useId();
  const hintId = useId();
  const countId = useId();

  const run = (text: string, near = '') => {
    clearTimeout(timer.current);
    const search = text.trim();
    if (search === '' && near === '') return;
    const ticket = ++latest.current;
    setStatus('loading');
    client
      .query({ query: PickupPointSearchQuery, variables: { search: search || null, postcode: near || null, first: PICKUP_POINTS_LISTED } })
      .then(({ data }) => {
        if (ticket !== latest.current) return;
        setHits(data?.pickupPoints ?? []);
        setSearched(search || near);
        setStatus('idle');
      })
      .catch(() => {
        if (ticket === latest.current) setStatus('failed');
      });
  };

  // the points near the shopper's PSČ, once, when nothing was searched for yet
  const compactPostcode = postcode.replace(/\s/g, '');
  useEffect(() => {
    if (hits === null && /^\d{5}$/.test(compactPostcode)) run('', compactPostcode);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const found = (hits ?? []).map((hit) => ({ distanceText: hit.distanceText, point: getFragmentData(PickupPointFieldsFragment, hit.point) }));
  const listed = chosen && !found.some((hit) => hit.point.id === chosen.id) ? [{ distanceText: null, point: chosen }, ...found] : found;

  return (
    <fieldset className={error ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={error ? 'pickup-point-error' : undefined} data-testid="pickup-point-picker">
      <legend>{t('pickupPoints.legend')}</legend>
      {chosen && (
        <p className="pickup-point__chosen" data-testid="pickup-point-chosen">
          <strong>{t('pickupPoints.chosen')}:</strong> {chosen.name}, {chosen.street}, {chosen.postcode} {chosen.city}
        </p>
      )}
      <div className="store-search pickup-point__search">
        <label htmlFor={searchId}>{t('pickupPoints.search')}</label>
        <div className="pickup-point__search-row">
          <input
            id={searchId}
            type="search"
            name="pickupPointSearch"
            value={query}
            placeholder={t('pickupPoints.searchPlaceholder')}
            autoComplete="off"
            maxLength={PICKUP_POINT_SEARCH_MAX_LENGTH}
            aria-describedby={`${hintId} ${countId}`}
            onChange={(event) => {
              const text = event.target.value;
              setQuery(text);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => run(text), SEARCH_DELAY_MS);
            }}
            onKeyDown={(event) => {
              // Enter searches; it must not submit the checkout form
              if (event.key === 'Enter') {
                event.preventDefault();
                run(query);
              }
            }}
          />
          <button
            type="submit"
            name="intent"
            value="searchPoints"
            className="button button--secondary"
            data-testid="pickup-point-search"
            onClick={(event) => {
              // with JavaScript the list is fetched here; without it the form posts the search
              event.preventDefault();
              run(query);
            }}
          >
            {t('pickupPoints.searchButton')}
          </button>
        </div>
        <p id={hintId} className="muted">
          {t('pickupPoints.hint')}
        </p>
      </div>
      <p id={countId} className="muted store-picker__count" role="status">
        {status === 'loading'
          ? t('pickupPoints.searching')
          : status === 'failed'
            ? t('pickupPoints.failed')
            : hits === null || searched === ''
              ? ''
              : found.length === 0
                ? t('pickupPoints.noneFound', { query: searched })
                : t('pickupPoints.found', { count: found.length })}
      </p>
      {listed.length > 0 && (
        <ul className="choice-list pickup-point__list">
          {listed.map(({ point, distanceText }) => (
            <li key={point.id} className={value === point.id ? 'choice choice--selected' : 'choice'}>
              <label className="choice__label">
                <input type="radio" name="pickupPoint" value={point.id} checked={value === point.id} onChange={() => onChange(point.id)} />
                <span className="choice__name">{point.name}</span>
                <span className="choice__price pickup-point__type">{t(point.type === 'BOX' ? 'pickupPoints.typeBOX' : 'pickupPoints.typePOINT')}</span>
                <span className="muted choice__description">
                  {point.street}, {point.postcode} {point.city}
                  {distanceText && <> · {t('pickupPoints.distance', { distance: distanceText })}</>}
                </span>
                <span className="muted choice__description">{t('pickupPoints.hours', { hours: point.openingHoursText })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {listed.length > 0 && <PlacesMap places={listed.map(({ point }) => point)} selectedId={value} onSelect={onChange} label={t('pickupPoints.mapLabel')} keyboardHint={t('pickupPoints.mapKeyboard')} />}
      {error && (
        <p id="pickup-point-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
