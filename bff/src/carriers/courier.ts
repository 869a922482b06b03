// A courier the shop has no API for (decision 0068): the operator hands the parcel over, types the
// courier's tracking number, and the tracking link comes from the delivery method's template. Nothing
// is sent anywhere, so nothing can be sent twice.
import { courierTrackingUrl, normalizeTrackingNumber } from '../../../schema/rules/carriers.ts';
import { CarrierError, type Carrier } from './carrier.ts';

export function courierCarrier(options: { trackingUrlTemplate: string | null }): Carrier {
  const parcel = (typed: string) => {
    const trackingNumber = normalizeTrackingNumber(typed);
    if (!trackingNumber) throw new CarrierError('REFUSED', `"${typed}" is not a tracking number (4 to 40 letters, digits or dashes).`, true);
    return { packetId: trackingNumber, trackingNumber, trackingUrl: courierTrackingUrl(options.trackingUrlTemplate, trackingNumber) };
  };
  return {
    code: 'courier',
    takesTrackingNumber: true,
    async createParcel(order, trackingNumber) {
      if (!trackingNumber) throw new CarrierError('REFUSED', `Order ${order.orderNumber} goes by courier: give the courier's tracking number (--tracking).`, true);
      return parcel(trackingNumber);
    },
    async findParcel(packetId) {
      return parcel(packetId);
    },
    async label() {
      return null;
    },
    async labelSheet() {
      return null;
    },
  };
}
