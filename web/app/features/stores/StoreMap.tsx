// An interactive map of one or more stores (Leaflet with OpenStreetMap tiles), behind a "Zobrazit
// mapu" / "Show map" toggle: nothing of Leaflet, its stylesheet or a tile is loaded until a shopper
// opens it (dynamic import), so it costs nothing on first paint. The addresses stay as text beside it
// (the static fallback while the map loads or when it fails). Markers are keyboard focusable; with
// onSelect (the checkout's pickup pickers) choosing a marker chooses the store. PlacesMap is the same
// map for any places with an address and a position (the carrier's pick-up points).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import type * as Leaflet from 'leaflet';
import { usePageQuery } from '../../apollo/page-query.ts';

/** A store as its marker and the address list beside the map show it. */
export const StoreMapFieldsFragment = graphql(`
  fragment StoreMapFields on Store {
    id
    name
    street
    city
    postcode
    latitude
    longitude
  }
`);

const MapSettingsQuery = graphql(`
  query MapSettings {
    mapSettings {
      tileUrl
      attribution
    }
  }
`);

/** A place on the map: a store, or a pick-up point. */
export type MapPlace = { id: string; name: string; street: string; city: string; postcode: string; latitude: number; longitude: number };

type Props = {
  /** The selected place (highlighted marker); the map centres on it. */
  selectedId?: string | null;
  onSelect?: (storeId: string) => void;
  /** The accessible name of the map region. */
  label: string;
  /** How to choose a marker from the keyboard, naming what the markers are (stores by default). */
  keyboardHint?: string;
  /** Open from the start (a store page on a wide screen may choose so); closed by default. */
  initiallyShown?: boolean;
};

export function StoreMap({ stores, ...props }: Props & { stores: readonly FragmentType<typeof StoreMapFieldsFragment>[] }) {
  return <PlacesMap places={getFragmentData(StoreMapFieldsFragment, stores)} {...props} />;
}

export function PlacesMap({ places: shownStores, selectedId = null, onSelect, label, keyboardHint, initiallyShown = false }: Props & { places: readonly MapPlace[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(initiallyShown);
  const regionId = useId();
  return (
    <div className="store-map-toggle">
      <button type="button" className="button button--secondary store-map-toggle__button" aria-expanded={shown} aria-controls={regionId} onClick={() => setShown((value) => !value)}>
        {shown ? t('stores.mapHide') : t('stores.mapShow')}
      </button>
      <div id={regionId} hidden={!shown}>
        {shown && <LeafletMap stores={shownStores} selectedId={selectedId} onSelect={onSelect} label={label} keyboardHint={keyboardHint} />}
      </div>
    </div>
  );
}

type MapState = 'loading' | 'ready' | 'failed';

function LeafletMap({ stores, selectedId, onSelect, label, keyboardHint }: { stores: readonly MapPlace[]; label: string } & Pick<Props, 'selectedId' | 'onSelect' | 'keyboardHint'>) {
  const { t } = useTranslation();
  const { data, error } = usePageQuery(MapSettingsQuery);
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<Leaflet.Map | null>(null);
  const markers = useRef(new Map<string, Leaflet.Marker>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const [state, setState] = useState<MapState>('loading');
  const settings = data?.mapSettings;
  const storesKey = stores.map((store) => `${store.id}:${store.latitude}:${store.longitude}`).join('|');

  useEffect(() => {
    if (error) setState('failed');
  }, [error]);

  useEffect(() => {
    if (!settings || !element.current) return;
    let cancelled = false;
    const target = element.current;
    const registry = markers.current;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([module]) => {
        if (cancelled) return;
        const L = ((module as { default?: typeof Leaflet }).default ?? module) as typeof Leaflet;
        const instance = L.map(target, { scrollWheelZoom: false, keyboard: true });
        L.tileLayer(settings.tileUrl, { attribution: settings.attribution, maxZoom: 19 }).addTo(instance);
        registry.clear();
        for (const store of stores) {
          const marker = L.marker([store.latitude, store.longitude], {
            icon: L.divIcon({ className: 'store-marker', html: '<span class="store-marker__pin" aria-hidden="true"></span>', iconSize: [28, 36], iconAnchor: [14, 34], popupAnchor: [0, -30] }),
            title: store.name,
            alt: store.name,
            keyboard: true,
          }).addTo(instance);
          const popup = document.createElement('div');
          const name = document.createElement('strong');
          name.textContent = store.name;
          popup.append(name, document.createElement('br'), `${store.street}, ${store.postcode} ${store.city}`);
          marker.bindPopup(popup);
          marker.on('click keypress', () => select.current?.(store.id));
          marker.getElement()?.setAttribute('data-store-id', store.id);
          registry.set(store.id, marker);
        }
        if (stores.length === 1) instance.setView([stores[0].latitude, stores[0].longitude], 16);
        else if (stores.length > 1) instance.fitBounds(L.latLngBounds(stores.map((store) => [store.latitude, store.longitude] as [number, number])), { padding: [30, 30] });
        else instance.setView([49.8, 15.5], 7);
        map.current = instance;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      registry.clear();
    };
    // the map is rebuilt only when the stores or the tiles change, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings?.tileUrl, storesKey]);

  useEffect(() => {
    for (const [id, marker] of markers.current) marker.getElement()?.classList.toggle('store-marker--selected', id === selectedId);
    const marker = selectedId ? markers.current.get(selectedId) : undefined;
    if (marker && map.current) map.current.panTo(marker.getLatLng());
  }, [selectedId, state]);

  return (
    <div className="store-map" data-testid="store-map" data-map-state={state}>
      <div ref={element} className="store-map__canvas" role="region" aria-label={label} />
      {state === 'loading' && <p className="store-map__status muted" role="status">{t('stores.mapLoading')}</p>}
      {state === 'failed' && <p className="store-map__status" role="alert">{t('stores.mapFailed')}</p>}
      {state === 'ready' && stores.length > 1 && <p className="muted store-map__hint">{keyboardHint ?? t('stores.mapKeyboard')}</p>}
      <ul className={state === 'ready' ? 'visually-hidden' : 'store-map__addresses'}>
        {stores.map((store) => (
          <li key={store.id}>
            <strong>{store.name}</strong>, {store.street}, {store.postcode} {store.city}
          </li>
        ))}
      </ul>
    </div>
  );
}
