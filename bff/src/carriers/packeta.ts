// Packeta as a carrier (decision 0068): the order's pick-up point (Packeta's branch id) or, for home
// delivery by Packeta, the delivery method's Packeta carrier id as `addressId`; the order number as the
// packet's `number`; the label from packetLabelPdf (A6 on A6) and four to an A4 page from packetsLabelsPdf.
import { packetaTrackingUrl } from '../../../schema/rules/carriers.ts';
import { CarrierError, type Carrier, type ParcelOrder } from './carrier.ts';
import type { PacketAttributes, PacketaClient } from './packeta-client.ts';

/** Minor units as Packeta's decimal; cash on delivery in crowns must be whole (rounded half up). */
function decimal(minor: number, currency: ParcelOrder['currency'], whole = false): string {
  if (whole && currency === 'CZK') return String(Math.round(minor / 100));
  return (minor / 100).toFixed(2);
}

/** "Žitná 12/1450" -> street "Žitná", house number "12/1450" (Packeta's home delivery asks for both). */
export function splitStreet(street: string): { street: string; houseNumber: string } {
  const match = /^(.*\S)\s+(\d+[\w/-]*)$/u.exec(street.trim());
  return match ? { street: match[1], houseNumber: match[2] } : { street: street.trim(), houseNumber: '' };
}

/** Packeta's name fields hold 32 characters at most. */
const name32 = (value: string) => value.trim().slice(0, 32);

export function packetAttributes(order: ParcelOrder, homeDeliveryAddressId: number | null, eshop: string | null): PacketAttributes {
  const base = {
    number: order.orderNumber,
    name: name32(order.firstName),
    surname: name32(order.lastName),
    email: order.email,
    ...(order.phone ? { phone: order.phone.replace(/[\s()-]/g, '') } : {}),
    currency: order.currency,
    value: decimal(order.valueMinor, order.currency),
    cod: decimal(order.codMinor, order.currency, true),
    weight: order.weightKg.toFixed(3),
    ...(eshop ? { eshop } : {}),
  };
  if (homeDeliveryAddressId !== null) {
    if (!order.address) throw new CarrierError('REFUSED', `Order ${order.orderNumber} has no delivery address for Packeta's home delivery.`, true);
    const { street, houseNumber } = splitStreet(order.address.street);
    return { ...base, addressId: String(homeDeliveryAddressId), street, houseNumber, city: order.address.city, zip: order.address.postcode.replace(/\s/g, '') };
  }
  if (!order.pickupPoint) throw new CarrierError('REFUSED', `Order ${order.orderNumber} has no pick-up point.`, true);
  if (order.pickupPoint.provider !== 'packeta') {
    throw new CarrierError(
      'INVALID_POINT',
      `Order ${order.orderNumber}'s pick-up point is one of the demo points (provider "${order.pickupPoint.provider}"), not Packeta's: with PACKETA_API_KEY the checkout offers Packeta's own points.`,
      true,
    );
  }
  return { ...base, addressId: order.pickupPoint.providerId };
}

export type PacketaCarrierOptions = {
  /** null without PACKETA_API_PASSWORD: every call is refused with NOT_CONFIGURED. */
  client: PacketaClient | null;
  /** DeliveryMethod.carrierAddressId: Packeta's carrier id for home delivery; null: the order's pick-up point. */
  homeDeliveryAddressId: number | null;
  /** PACKETA_ESHOP, the sender's label at Packeta. */
  eshop: string | null;
};

export function packetaCarrier(options: PacketaCarrierOptions): Carrier {
  const client = () => {
    if (!options.client) throw new CarrierError('NOT_CONFIGURED', 'Packeta is not set up: PACKETA_API_PASSWORD is not set, so no packet can be created or label printed.', true);
    return options.client;
  };
  return {
    code: 'packeta',
    takesTrackingNumber: false,
    async createParcel(order) {
      const attributes = packetAttributes(order, options.homeDeliveryAddressId, options.eshop);
      const packet = await client().createPacket(attributes);
      return { packetId: packet.id, trackingNumber: packet.barcode, trackingUrl: packetaTrackingUrl(packet.id, order.language) };
    },
    async findParcel(packetId, order) {
      if (!/^\d{1,20}$/.test(packetId)) throw new CarrierError('UNKNOWN_PACKET', `"${packetId}" is not a Packeta packet id (digits, without the Z).`, true);
      await client().packetStatus(packetId);
      return { packetId, trackingNumber: `Z${packetId}`, trackingUrl: packetaTrackingUrl(packetId, order.language) };
    },
    label(parcel) {
      return client().packetLabelPdf(parcel.packetId, 'A6 on A6', 0);
    },
    labelSheet(parcels) {
      return client().packetsLabelsPdf(
        parcels.map((parcel) => parcel.packetId),
        'A6 on A4',
        0,
      );
    },
  };
}
