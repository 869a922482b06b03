// The carrier of a delivery method (decision 0068): DeliveryMethod.carrier says which, as data.
// "store-pickup" has none: the order waits in the store and no parcel is made.
import type { Config } from '../config.ts';
import { isCarrierCode } from '../../../schema/rules/carriers.ts';
import type { Carrier, DemoLabelRenderer } from './carrier.ts';
import { demoPacketaCarrier } from './demo-packeta.ts';
import { courierCarrier } from './courier.ts';
import { packetaCarrier } from './packeta.ts';
import { createPacketaClient, type PacketaClient } from './packeta-client.ts';

export { CarrierError, type Carrier, type CarrierErrorCode, type DemoLabelRenderer, type LabelRef, type Parcel, type ParcelOrder, type PdfBytes } from './carrier.ts';

/**
 * What the carriers are built from: Packeta's client (null without its password), its sender label, and
 * the layout of the demo labels (given by the caller that may draw PDFs; null: demo parcels get none).
 */
export type CarrierSetup = { packeta: PacketaClient | null; packetaEshop: string | null; demoLabels: DemoLabelRenderer | null };

/** The carriers' setup from the configuration: Packeta's real endpoint only when PACKETA_API_PASSWORD is set. */
export function carrierSetup(
  config: Pick<Config, 'packetaApiPassword' | 'packetaApiUrl' | 'packetaApiTimeoutMs' | 'packetaEshop'>,
  demoLabels: DemoLabelRenderer | null = null,
): CarrierSetup {
  return {
    packeta: config.packetaApiPassword
      ? createPacketaClient({ apiUrl: config.packetaApiUrl, apiPassword: config.packetaApiPassword, timeoutMs: config.packetaApiTimeoutMs })
      : null,
    packetaEshop: config.packetaEshop,
    demoLabels,
  };
}

export type DeliveryCarrierData = { carrier: string; carrierAddressId: number | null; trackingUrlTemplate: string | null };

/**
 * The carrier of a delivery method; null for store pickup (no parcel). Packeta's parcels to the demo
 * pick-up points (`demoPoint`) go to the demo stand-in: they are never sent to Packeta. A shipment's
 * own `carrier` ("packeta-demo" among them) names the carrier that made it.
 */
export function carrierFor(method: DeliveryCarrierData, setup: CarrierSetup, demoPoint = false): Carrier | null {
  if (method.carrier === 'packeta-demo') return demoPacketaCarrier(setup.demoLabels);
  if (!isCarrierCode(method.carrier)) throw new Error(`DeliveryMethod.carrier "${method.carrier}" is not a carrier this shop knows`);
  switch (method.carrier) {
    case 'packeta':
      if (demoPoint && method.carrierAddressId === null) return demoPacketaCarrier(setup.demoLabels);
      return packetaCarrier({ client: setup.packeta, homeDeliveryAddressId: method.carrierAddressId, eshop: setup.packetaEshop });
    case 'courier':
      return courierCarrier({ trackingUrlTemplate: method.trackingUrlTemplate });
    case 'store-pickup':
      return null;
  }
}
