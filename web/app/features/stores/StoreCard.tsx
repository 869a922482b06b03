import { useTranslation } from '../../i18n/index.ts';
import type { StoreFieldsFragment } from '~/gql/graphql';

export function OpeningHours({ hours }: { hours: StoreFieldsFragment['openingHours'] }) {
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

export function StoreAddress({ store }: { store: StoreFieldsFragment }) {
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
