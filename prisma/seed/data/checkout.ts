import type { SeedDeliveryMethod, SeedPaymentMethod } from './types.ts';
import { BANK_TRANSFER_PAYMENT_CODE, CASH_ON_DELIVERY_PAYMENT_CODE, FREE_SHIPPING_THRESHOLD_CZK_MINOR, IN_STORE_PAYMENT_CODE } from '../../../schema/rules/constants.ts';

// All amounts are minor units (haléře / cents), VAT included.

export const deliveryMethods: SeedDeliveryMethod[] = [
  {
    code: 'store-pickup',
    name: { cs: 'Osobní odběr na prodejně', en: 'Personal pickup in store' },
    description: {
      cs: 'Vyzvednutí zdarma na prodejně v Praze, Brně nebo Ostravě. V Praze máme zboží skladem připravené obvykle do 2 hodin, na ostatních prodejnách následující pracovní den. O připravení objednávky vám pošleme e-mail a SMS.',
      en: 'Free pickup at our store in Prague, Brno or Ostrava. In Prague in-stock items are usually ready within 2 hours, at the other stores on the next working day. We will let you know by e-mail and text message when your order is ready.',
    },
    priceCzk: 0,
    priceEur: 0,
    isPickup: true,
    // ready the next working day at every store (Prague is often quicker: the promise is the safe one)
    transitDays: 1,
    freeFromCzk: null,
    position: 1,
    carrier: 'store-pickup',
    heurekaDeliveryId: null,
  },
  {
    code: 'parcel-point',
    name: { cs: 'Výdejní místo nebo box', en: 'Pick-up point or parcel locker' },
    description: {
      cs: 'Doručení na jedno z více než 8 000 výdejních míst a boxů po celém Česku a Slovensku. Zásilka je na místě obvykle do dvou pracovních dnů a počká na vás 7 dní.',
      en: 'Delivery to one of more than 8,000 pick-up points and lockers across the Czech Republic and Slovakia. Parcels usually arrive within two working days and are kept for 7 days.',
    },
    priceCzk: 6900,
    priceEur: 290,
    isPickup: false,
    transitDays: 2,
    freeFromCzk: FREE_SHIPPING_THRESHOLD_CZK_MINOR,
    position: 2,
    // the point chosen at checkout is Packeta's branch (with PACKETA_API_KEY): createPacket's addressId
    carrier: 'packeta',
    heurekaDeliveryId: 'ZASILKOVNA',
  },
  {
    code: 'courier',
    name: { cs: 'Kurýr na adresu', en: 'Courier to your door' },
    description: {
      cs: 'Doručení kurýrní službou na vámi zvolenou adresu, obvykle následující pracovní den po odeslání. V den doručení vám kurýr pošle SMS s časovým oknem a termín můžete jednoduše změnit.',
      en: 'Courier delivery to the address of your choice, usually on the next working day after dispatch. On the day of delivery the courier will text you a time window, and you can easily reschedule.',
    },
    priceCzk: 12900,
    priceEur: 549,
    isPickup: false,
    transitDays: 1,
    freeFromCzk: FREE_SHIPPING_THRESHOLD_CZK_MINOR,
    position: 3,
    // PPL, without an API: the operator types its tracking number
    carrier: 'courier',
    trackingUrlTemplate: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId={trackingNumber}',
    heurekaDeliveryId: 'PPL',
  },
];

// Payment methods and the deliveries they go with (services/checkout.ts checks the pair). Online card
// payment needs a gateway, which is not part of the shop yet (issue 6: out of scope).
export const paymentMethods: SeedPaymentMethod[] = [
  {
    code: BANK_TRANSFER_PAYMENT_CODE,
    name: { cs: 'Bankovní převod', en: 'Bank transfer' },
    description: {
      cs: 'Po odeslání objednávky zobrazíme číslo účtu, variabilní symbol a QR kód pro rychlou platbu. Zboží odešleme a vstupenky začnou platit, jakmile platba dorazí na náš účet.',
      en: 'After you place the order we show our account number, variable symbol and a QR code for quick payment. We ship the goods, and the tickets become valid, as soon as the payment reaches our account.',
    },
    priceCzk: 0,
    priceEur: 0,
    isCashOnDelivery: false,
    // tickets only (sent by e-mail) are paid by transfer: the unpaid-order job frees their seats after the deadline
    withoutDelivery: true,
    deliveryCodes: ['store-pickup', 'parcel-point', 'courier'],
    position: 1,
  },
  {
    code: CASH_ON_DELIVERY_PAYMENT_CODE,
    name: { cs: 'Dobírka', en: 'Cash on delivery' },
    description: {
      cs: 'Zaplatíte hotově nebo kartou při převzetí zásilky u kurýra či na výdejním místě.',
      en: 'Pay in cash or by card when you collect the parcel from the courier or at the pick-up point.',
    },
    priceCzk: 3900,
    priceEur: 150,
    isCashOnDelivery: true,
    withoutDelivery: false,
    deliveryCodes: ['parcel-point', 'courier'],
    position: 2,
  },
  {
    code: IN_STORE_PAYMENT_CODE,
    name: { cs: 'Hotově nebo kartou na prodejně', en: 'Cash or card in store' },
    description: {
      cs: 'Objednávku zaplatíte až při vyzvednutí na prodejně.',
      en: 'Pay for your order when you pick it up in the store.',
    },
    priceCzk: 0,
    priceEur: 0,
    isCashOnDelivery: false,
    // nothing to collect at a store for tickets only, and an order unpaid there would keep its seats
    withoutDelivery: false,
    deliveryCodes: ['store-pickup'],
    position: 3,
  },
];
