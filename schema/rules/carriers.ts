// Carriers as data (decision 0068): which carrier a delivery method's parcels go with, Heureka's
// DELIVERY_ID list, and the tracking links shoppers get. Pure: the shop's services, its feeds and its
// pages use the same lists.

/** Who carries a delivery method's parcels: Packeta through its API, a courier whose tracking number the operator types, or nobody (store pickup). */
export const CARRIER_CODES = ['packeta', 'courier', 'store-pickup'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export function isCarrierCode(value: string): value is CarrierCode {
  return (CARRIER_CODES as readonly string[]).includes(value);
}

/**
 * Heureka's DELIVERY_IDs that fit this shop (czech-market.md section 2). Heureka silently drops an
 * unknown id, so the database refuses any other (migration 20261129110000_shipments).
 */
export const HEUREKA_DELIVERY_IDS = ['ZASILKOVNA', 'Z_BOX', 'PPL', 'PPL_PARCELSHOP', 'DPD', 'DPD_PICKUP', 'CESKA_POSTA', 'BALIKOVNA_DEPOTAPI', 'VLASTNI_PREPRAVA'] as const;
export type HeurekaDeliveryId = (typeof HEUREKA_DELIVERY_IDS)[number];

export function isHeurekaDeliveryId(value: string): value is HeurekaDeliveryId {
  return (HEUREKA_DELIVERY_IDS as readonly string[]).includes(value);
}

/** A courier's tracking number as an operator may type it: letters, digits and dashes, 4 to 40. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;

/** The tracking number as stored: spaces taken out, upper case; null when it is not one. */
export function normalizeTrackingNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return TRACKING_NUMBER_PATTERN.test(compact) ? compact : null;
}

/** A courier's tracking link: the template's {trackingNumber} replaced (URL-encoded); null without a template. */
export function courierTrackingUrl(template: string | null, trackingNumber: string): string | null {
  if (!template) return null;
  return template.replaceAll('{trackingNumber}', encodeURIComponent(trackingNumber));
}

/** Packeta's public tracking page of a packet, in the order's language (czech-market.md section 4). */
export function packetaTrackingUrl(packetId: string, language: 'cs' | 'en'): string {
  return `https://tracking.packeta.com/${language}/?id=${encodeURIComponent(packetId)}`;
}

/**
 * The carrier as the customer reads its name: the shop's own codes become the brand ('packeta' is
 * "Zásilkovna" in Czech), a name the operator typed (PPL, DPD …) stays as typed; null for the plain
 * 'courier' a parcel gets when no name was given (the text then names no carrier).
 */
export function carrierDisplayName(carrier: string | null, language: 'cs' | 'en'): string | null {
  if (carrier === null || carrier === '' || carrier === 'courier') return null;
  if (carrier === 'packeta' || carrier === 'packeta-demo') return language === 'cs' ? 'Zásilkovna' : 'Packeta';
  return carrier;
}
