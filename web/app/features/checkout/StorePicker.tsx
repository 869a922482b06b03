// Personal pickup: the shop's stores as radio buttons, each with a "Zobrazit mapu" / "Show map"
// toggle that reveals its address and a static map placeholder (no external map tiles yet).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from '~/gql';
import type { StorePickerFieldsFragment as StoreData } from '~/gql/graphql';

export const StorePickerFieldsFragment = graphql(`
  fragment StorePickerFields on Store {
    id
    name
    street
    city
    postcode
    latitude
    longitude
  }
`);

type Props = {
  stores: StoreData[];
  value: string | null;
  onChange: (storeId: string) => void;
  error?: string;
  disabled?: boolean;
};

export function StorePicker({ stores, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const [shownMap, setShownMap] = useState<string | null>(null);
  return (
    <fieldset className={error ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={error ? 'store-error' : undefined} data-testid="store-picker">
      <legend>{t('checkout.store')}</legend>
      <ul className="choice-list">
        {stores.map((store) => {
          const mapId = `store-map-${store.id}`;
          const open = shownMap === store.id;
          return (
            <li key={store.id} className="choice">
              <label className="choice__label">
                <input type="radio" name="store" value={store.id} checked={value === store.id} disabled={disabled} onChange={() => onChange(store.id)} />
                <span className="choice__name">{store.name}</span>
                <span className="muted choice__description">
                  {store.street}, {store.city}
                </span>
              </label>
              <button type="button" className="link-button" aria-expanded={open} aria-controls={mapId} onClick={() => setShownMap(open ? null : store.id)}>
                {open ? t('checkout.hideMap') : t('checkout.showMap')}
              </button>
              {open && (
                <div id={mapId} className="store-map" data-testid="store-map">
                  <address>
                    {store.name}
                    <br />
                    {store.street}
                    <br />
                    {store.postcode} {store.city}
                  </address>
                  <svg className="store-map__placeholder" viewBox="0 0 240 120" role="img" aria-label={t('checkout.mapOf', { name: store.name })}>
                    <rect width="240" height="120" fill="#e8eef5" />
                    <path d="M0 80 L240 60 M60 0 L90 120 M170 0 L150 120" stroke="#fff" strokeWidth="8" />
                    <circle cx="120" cy="55" r="9" fill="#d6001c" />
                    <text x="120" y="100" textAnchor="middle" fontSize="10" fill="#333">
                      {store.latitude.toFixed(4)}, {store.longitude.toFixed(4)}
                    </text>
                  </svg>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="store-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
