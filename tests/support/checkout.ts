// Checkout fixtures: the shop's delivery and payment methods exactly as the demo seed defines them
// (prisma/seed/data/checkout.ts), and a filled-in checkout for a cart.
import type { Db } from '../../bff/src/db/client.ts';
import { deliveryMethods, paymentMethods } from '../../prisma/seed/data/checkout.ts';
import { convertCzkToEur } from '../../schema/rules/index.ts';

export type CheckoutMethods = { delivery: Record<string, number>; payment: Record<string, number> };

/** Creates the seeded delivery and payment methods with their combinations; ids by code. */
export async function createCheckoutMethods(prisma: Db, eurRate = 25): Promise<CheckoutMethods> {
  const delivery: Record<string, number> = {};
  const payment: Record<string, number> = {};
  for (const method of deliveryMethods) {
    const created = await prisma.deliveryMethod.create({
      data: {
        code: method.code,
        priceCzk: method.priceCzk,
        priceEur: method.priceEur,
        freeFromCzk: method.freeFromCzk,
        freeFromEur: method.freeFromCzk === null ? null : convertCzkToEur(method.freeFromCzk, eurRate),
        isPickup: method.isPickup,
        transitDays: method.transitDays,
        position: method.position,
        carrier: method.carrier,
        carrierAddressId: method.carrierAddressId ?? null,
        trackingUrlTemplate: method.trackingUrlTemplate ?? null,
        heurekaDeliveryId: method.heurekaDeliveryId,
        translations: { create: (['cs', 'en'] as const).map((language) => ({ language, name: method.name[language] })) },
      },
    });
    delivery[method.code] = created.id;
  }
  for (const method of paymentMethods) {
    const created = await prisma.paymentMethod.create({
      data: {
        code: method.code,
        priceCzk: method.priceCzk,
        priceEur: method.priceEur,
        isCashOnDelivery: method.isCashOnDelivery,
        withoutDelivery: method.withoutDelivery,
        position: method.position,
        translations: { create: (['cs', 'en'] as const).map((language) => ({ language, name: method.name[language] })) },
        deliveries: { create: method.deliveryCodes.map((code) => ({ deliveryMethodId: delivery[code] })) },
      },
    });
    payment[method.code] = created.id;
  }
  return { delivery, payment };
}

/** A complete invoice address that passes every rule. */
export const INVOICE_ADDRESS = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana.novakova@example.cz',
  phone: '+420 603 123 456',
  street: 'Vinohradská 12',
  city: 'Praha 2',
  postcode: '12000',
  country: 'CZ',
};
