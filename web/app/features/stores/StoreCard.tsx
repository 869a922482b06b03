import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';

/**
 * A store as its pages show it (the list and the store's own page): the address, the week's hours, the
 * special days ahead and "open now", on the map too.
 */
export const StoreFieldsFragment = graphql(`
  fragment StoreFields on Store {
    id
    databaseId
    name
    description
    latitude
    longitude
    ...StoreAddressFields
    ...StoreMapFields
    openingHours {
      ...OpeningHoursFields
    }
    openingStatus {
      ...OpeningStatusFields
    }
    specialDays {
      ...SpecialDayFields
    }
  }
`);

/** One opening of the regular week (ISO day, 1 = Monday). */
export const OpeningHoursFieldsFragment = graphql(`
  fragment OpeningHoursFields on StoreOpeningHours {
    dayOfWeek
    opens
    closes
  }
`);

export const StoreAddressFieldsFragment = graphql(`
  fragment StoreAddressFields on Store {
    street
    city
    postcode
    phone
    email
    latitude
    longitude
  }
`);

/** The week's hours, as the browser also judges "open now" with them (OpeningStatus's `week`). */
export const weekOf = (hours: readonly FragmentType<typeof OpeningHoursFieldsFragment>[]) => getFragmentData(OpeningHoursFieldsFragment, hours);

export function OpeningHours(props: { hours: readonly FragmentType<typeof OpeningHoursFieldsFragment>[] }) {
  const hours = weekOf(props.hours);
  const { t } = useTranslation();
  const days = t('stores.days', { returnObjects: true }) as string[];
  return (
    <table className="opening-hours">
      <caption>{t('stores.openingHours')}</caption>
      <tbody>
        {[1, 2, 3, 4, 5, 6, 7].map((day) => {
          const slots = hours.filter((slot) => slot.dayOfWeek === day);
          return (
            <tr key={day}>
              <th scope="row">{days[day]}</th>
              <td>{slots.length ? slots.map((slot) => `${slot.opens}–${slot.closes}`).join(', ') : t('stores.closed')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function StoreAddress(props: { store: FragmentType<typeof StoreAddressFieldsFragment> }) {
  const store = getFragmentData(StoreAddressFieldsFragment, props.store);
  const { t } = useTranslation();
  const map = `https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`;
  return (
    <address className="store-address">
      {store.street}
      <br />
      {store.postcode} {store.city}
      <br />
      <a href={`tel:${store.phone.replace(/\s/g, '')}`}>{store.phone}</a>
      <br />
      <a href={`mailto:${store.email}`}>{store.email}</a>
      <br />
      <a href={map} rel="noopener noreferrer" target="_blank">
        {t('stores.showOnMap')}
      </a>
    </address>
  );
}
