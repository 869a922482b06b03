// What a carrier is to the shop (decision 0068): something that takes an order's parcel and gives back
// its id, tracking number and link, and, when the carrier prints them, its label. services/shipments.ts
// records each step; a carrier only talks to its carrier and never to the database.
import type { CarrierCode } from '../../../schema/rules/carriers.ts';

/** What a carrier needs to know of an order's parcel. Money in minor units of `currency`. */
export type ParcelOrder = {
  /** The shop's order number: Packeta's packet `number`, printed on the label. */
  orderNumber: string;
  language: 'cs' | 'en';
  currency: 'CZK' | 'EUR';
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** The goods' value for the carrier's insurance (the order's total). */
  valueMinor: number;
  /** To be collected on delivery; 0 when paid already. */
  codMinor: number;
  weightKg: number;
  /** The pick-up point chosen at checkout (its provider and the provider's id), if the delivery has one. */
  pickupPoint: { provider: string; providerId: string } | null;
  /** Where a parcel delivered home goes. */
  address: { street: string; city: string; postcode: string; country: string } | null;
};

/** A parcel the carrier knows. */
export type Parcel = { packetId: string; trackingNumber: string; trackingUrl: string | null };

export type CarrierErrorCode =
  | 'NOT_CONFIGURED'
  | 'WRONG_PASSWORD'
  | 'INVALID_POINT'
  | 'UNKNOWN_PACKET'
  | 'REFUSED'
  | 'TIMEOUT'
  | 'UNREACHABLE'
  | 'MALFORMED_ANSWER';

/**
 * A carrier could not do what was asked. `certain` says whether the carrier certainly did nothing (it
 * answered with a fault, or was never reached): only then may a packet be asked for again. A timeout, a
 * broken connection or an answer that cannot be read leave it open whether the carrier acted.
 */
export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
    readonly certain: boolean,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/** A PDF as bytes (a label, a sheet of labels). */
export type PdfBytes = Uint8Array<ArrayBuffer>;

/** A parcel whose label is asked for: the carrier's id and the shop's order number printed on it. */
export type LabelRef = { packetId: string; orderNumber: string };

/** Draws demo labels (pdf/demo-parcel-label.ts), one A6 page each or four to an A4 page; passed in, since a carrier draws no PDF itself. */
export type DemoLabelRenderer = (labels: readonly LabelRef[], sheet: 'A6' | 'A4') => Promise<PdfBytes>;

export interface Carrier {
  /** Also "packeta-demo": the demo shop's stand-in for Packeta, for the demo pick-up points only. */
  readonly code: Exclude<CarrierCode, 'store-pickup'> | 'packeta-demo';
  /** Whether the operator gives the tracking number (a courier) instead of the carrier making one. */
  readonly takesTrackingNumber: boolean;
  /** Hands the parcel to the carrier; `trackingNumber` is what the operator typed, for a carrier that takes one. */
  createParcel(order: ParcelOrder, trackingNumber: string | null): Promise<Parcel>;
  /** A parcel the carrier already has, by its id (to adopt one an interrupted attempt created); CarrierError UNKNOWN_PACKET when there is none. */
  findParcel(packetId: string, order: Pick<ParcelOrder, 'language'>): Promise<Parcel>;
  /** The parcel's A6 label as a PDF; null when the carrier prints none for the shop. */
  label(parcel: LabelRef): Promise<PdfBytes | null>;
  /** Several parcels' A6 labels, four to an A4 page; null when the carrier prints none. */
  labelSheet(parcels: readonly LabelRef[]): Promise<PdfBytes | null>;
}
