// The carrier of a delivery method (decision 0068): DeliveryMethod.carrier says which, as data.
// "store-pickup" has none: the order waits in the store and no parcel is made.
import type { Config } from '../config.ts';
import { isCarrierCode } from '../../../schema/rules/carriers.ts';
import type { Carrier } from './carrier.ts';
import { courierCarrier } from './courier.ts';
import { packetaCarrier } from './packeta.ts';
import { createPacketaClient, type PacketaClient } from './packeta-client.ts';

export { CarrierError, type Carrier, type CarrierErrorCode, type Parcel, type ParcelOrder, type PdfBytes } from './carrier.ts';

/** What the carriers are built from: Packeta's client (null without its password) and its sender label. */
export type CarrierSetup = { packeta: PacketaClient | null; packetaEshop: string | null };

/** The carriers' setup from the configuration: Packeta's real endpoint only when PACKETA_API_PASSWORD is set. */
export function carrierSetup(config: Pick<Config, 'packetaApiPassword' | 'packetaApiUrl' | 'packetaApiTimeoutMs' | 'packetaEshop'>): CarrierSetup {
  return {
    packeta: config.packetaApiPassword
      ? createPacketaClient({ apiUrl: config.packetaApiUrl, apiPassword: config.packetaApiPassword, timeoutMs: config.packetaApiTimeoutMs })
      : null,
    packetaEshop: config.packetaEshop,
  };
}

export type DeliveryCarrierData = { carrier: string; carrierAddressId: number | null; trackingUrlTemplate: string | null };

/** The carrier of a delivery method; null for store pickup (no parcel). */
export function carrierFor(method: DeliveryCarrierData, setup: CarrierSetup): Carrier | null {
  if (!isCarrierCode(method.carrier)) throw new Error(`DeliveryMethod.carrier "${method.carrier}" is not a carrier this shop knows`);
  switch (method.carrier) {
    case 'packeta':
      return packetaCarrier({ client: setup.packeta, homeDeliveryAddressId: method.carrierAddressId, eshop: setup.packetaEshop });
    case 'courier':
      return courierCarrier({ trackingUrlTemplate: method.trackingUrlTemplate });
    case 'store-pickup':
      return null;
  }
}
