// The thank-you page's conversion scripts (docs/decisions/0076): Heureka's conversion measuring,
// Zboží.cz's front-end conversion (Seznam's rc.js) and Google Ads' conversion, each only when its key
// is set. The page gets their data only for a visitor who granted advertising consent, once per order
// (routes/thank-you.tsx); they are added after hydration with the page's nonce, so without JavaScript
// nothing runs. Their hosts are allowed by that page's CSP alone (schema/rules/conversion-scripts.ts).
import { useEffect } from 'react';
import type { ClaimConversionMutation } from '~/gql/graphql';
import { GOOGLE_ADS_DATA_LAYER, GOOGLE_ADS_SCRIPT, HEUREKA_CONVERSION_SCRIPT, ZBOZI_CONVERSION_SCRIPT } from '../../../../schema/rules/conversion-scripts.ts';

export type Measurement = NonNullable<ClaimConversionMutation['claimConversion']>;

type ConversionWindow = Window & {
  _hrq?: unknown[];
  rc?: { conversionHit?: (conf: Record<string, unknown>) => void };
  sznIVA?: { IS?: { updateIdentities?: (identities: Record<string, unknown>) => void } };
  [GOOGLE_ADS_DATA_LAYER]?: unknown[];
};

/** The nonce of the page's own scripts: scripts added later need the same one (the CSP allows no other). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function addScript(id: string, src: string, onLoad?: () => void) {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  script.nonce = pageNonce();
  if (onLoad) script.addEventListener('load', onLoad);
  document.head.appendChild(script);
}

/** Minor units as the scripts want amounts: 1234.5 */
function major(minor: number): number {
  return minor / 100;
}

function heureka(measurement: Measurement, key: string) {
  const w = window as ConversionWindow;
  w._hrq = w._hrq ?? [];
  w._hrq.push(['setKey', key]);
  w._hrq.push(['setOrderId', measurement.orderNumber]);
  for (const item of measurement.items) w._hrq.push(['addProduct', item.name, String(major(item.unitGross)), String(item.quantity), item.itemId]);
  w._hrq.push(['trackOrder']);
  addScript('conversion-heureka', HEUREKA_CONVERSION_SCRIPT);
}

function zbozi(measurement: Measurement, shopId: string) {
  addScript('conversion-zbozi', ZBOZI_CONVERSION_SCRIPT, () => {
    const w = window as ConversionWindow;
    // the e-mail stays out: Zboží gets it from the shop's server call (jobs/conversions.ts)
    w.sznIVA?.IS?.updateIdentities?.({ eid: null });
    w.rc?.conversionHit?.({ zboziId: Number(shopId), orderId: measurement.orderNumber, zboziType: 'standard', consent: 1 });
  });
}

function google(measurement: Measurement, sendTo: string) {
  const w = window as ConversionWindow;
  const layer = (w[GOOGLE_ADS_DATA_LAYER] = w[GOOGLE_ADS_DATA_LAYER] ?? []);
  // gtag's documented queue takes the arguments object itself, not an array
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  }
  const id = sendTo.split('/')[0];
  gtag('js', new Date());
  gtag('config', id);
  gtag('event', 'conversion', { send_to: sendTo, value: major(measurement.totalGross), currency: measurement.currency, transaction_id: measurement.orderNumber });
  addScript('conversion-google', `${GOOGLE_ADS_SCRIPT}?id=${encodeURIComponent(id)}&l=${GOOGLE_ADS_DATA_LAYER}`);
}

/** Runs the configured conversion scripts once after the page has hydrated (null: none). */
export function useConversionScripts(measurement: Measurement | null) {
  useEffect(() => {
    if (!measurement) return;
    if (measurement.heurekaKey) heureka(measurement, measurement.heurekaKey);
    if (measurement.zboziShopId) zbozi(measurement, measurement.zboziShopId);
    if (measurement.googleSendTo) google(measurement, measurement.googleSendTo);
  }, [measurement]);
}
