// The demo shop's stand-in for Packeta (decision 0068): the demo pick-up points (provider "demo", shown
// without PACKETA_API_KEY) are not Packeta's and are never sent there, but a demo order to one of them
// can still be shipped: its packet id is made from the order number (so a retry gives the same one),
// its label is drawn by the shop marked DEMO, and it has no tracking page.
import { CarrierError, type Carrier, type DemoLabelRenderer } from './carrier.ts';

/** "2026000123" -> "9026000123": ten digits starting with 9, the same for the same order. */
export function demoPacketId(orderNumber: string): string {
  return `9${orderNumber.replace(/\D/g, '').slice(-9).padStart(9, '0')}`;
}

export function demoPacketaCarrier(render: DemoLabelRenderer | null): Carrier {
  return {
    code: 'packeta-demo',
    takesTrackingNumber: false,
    async createParcel(order) {
      if (order.pickupPoint?.provider !== 'demo') throw new CarrierError('INVALID_POINT', `Order ${order.orderNumber}'s point is not a demo point.`, true);
      const packetId = demoPacketId(order.orderNumber);
      return { packetId, trackingNumber: `Z${packetId}`, trackingUrl: null };
    },
    async findParcel(packetId) {
      return { packetId, trackingNumber: `Z${packetId}`, trackingUrl: null };
    },
    async label(parcel) {
      return render ? render([parcel], 'A6') : null;
    },
    async labelSheet(parcels) {
      return render ? render(parcels, 'A4') : null;
    },
  };
}
