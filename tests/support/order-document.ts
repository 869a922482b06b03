// An order as its documents show it (services/order-documents.ts OrderDocument), built by hand for the
// tests of the layouts: the e-mails' and invoices' wording, and the drawing thread.
import type { OrderDocument } from '../../bff/src/services/order-documents.ts';
import { CASH_ON_DELIVERY_PAYMENT_CODE, vatSplit, type Locale } from '../../schema/rules/index.ts';

// A jersey (1 049 Kč) less a 104,85 Kč voucher, free delivery to a pick-up point, cash on delivery
// (39 Kč): 983,15 Kč, rounded to 983 Kč, so the rounding line is −0,15 Kč.
export const GOODS = 104_900;
export const DISCOUNT = 10_485;
export const PAYMENT = 3_900;
const TOTAL = GOODS - DISCOUNT + PAYMENT;
export const ROUNDING = -15;

export function orderDocument(language: Locale): OrderDocument {
  const [goods, discount, payment] = [vatSplit(GOODS, 21), vatSplit(DISCOUNT, 21), vatSplit(PAYMENT, 21)];
  const net = goods.net - discount.net + payment.net;
  const address = { firstName: 'Jana', lastName: 'Nováková', company: '', ico: '', dic: '', street: 'Korunní 810/104', city: 'Praha', postcode: '101 00', country: 'CZ', email: 'jana@example.cz', phone: '' };
  return {
    id: 1,
    number: '2026000123',
    hash: 'abc',
    language,
    currency: 'CZK',
    createdAt: new Date('2026-11-22T10:00:00Z'),
    paymentDueAt: null,
    email: address.email,
    deliveryCode: 'pickup-point',
    deliveryName: language === 'cs' ? 'Výdejní místo nebo box' : 'Pick-up point or box',
    deliveryPrice: 0,
    paymentCode: CASH_ON_DELIVERY_PAYMENT_CODE,
    paymentName: language === 'cs' ? 'Dobírka' : 'Cash on delivery',
    paymentPrice: PAYMENT,
    store: null,
    invoiceAddress: address,
    deliveryAddress: null,
    note: '',
    lines: [
      {
        id: 1,
        name: 'Dres FC Vltavín domácí',
        productCode: 'DR-1001',
        size: 'L',
        colour: language === 'cs' ? 'modrá' : 'blue',
        variantCode: 'DR-1001-BLU-L',
        quantity: 1,
        vatRate: 21,
        unitPriceGross: GOODS,
        totalGross: GOODS,
        totalNet: goods.net,
      },
    ],
    productsNet: goods.net,
    productsGross: GOODS,
    discountGross: DISCOUNT,
    roundingGross: ROUNDING,
    totalNet: net,
    totalVat: TOTAL - net,
    totalGross: TOTAL + ROUNDING,
    variableSymbol: '2026000123',
    vatRecap: [{ ratePercent: 21, gross: TOTAL, net, vat: TOTAL - net }],
    vouchers: ['SLEVA'],
  };
}
