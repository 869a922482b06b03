// The confirmation e-mail and the invoice word an order as the pages do (the issue 24 review): a
// negative amount with the minus sign (the rounding line as the discount line), the delivery named
// without a second colon in the text part, the variant as schema/rules/variant.ts words it, and a
// percentage as each language writes it ("21 %" in Czech, "21%" in English).
import { describe, expect, it } from 'vitest';
import { orderConfirmation } from '../../../bff/src/mail/templates/order-confirmation.ts';
import { availabilityWatch } from '../../../bff/src/mail/templates/availability-watch.ts';
import { renderInvoicePdf } from '../../../bff/src/pdf/invoice-pdf.ts';
import type { OrderDocument } from '../../../bff/src/services/order-documents.ts';
import { CASH_ON_DELIVERY_PAYMENT_CODE, formatMoney, vatSplit, type Locale } from '../../../schema/rules/index.ts';
import { pdfText } from '../../support/pdf-text.ts';

const MINUS = '\u2212';
/** Text with every run of white space (line breaks, no-break spaces) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** An amount written with a hyphen for its sign: "-0,15 Kč", "-CZK 0.15". */
const HYPHENATED_AMOUNT = /-(CZK\s)?\d[\d\s]*[,.]\d\d/;

// A jersey (1 049 Kč) less a 104,85 Kč voucher, free delivery to a pick-up point, cash on delivery
// (39 Kč): 983,15 Kč, rounded to 983 Kč, so the rounding line is −0,15 Kč.
const GOODS = 104_900;
const DISCOUNT = 10_485;
const PAYMENT = 3_900;
const TOTAL = GOODS - DISCOUNT + PAYMENT;
const ROUNDING = -15;

function order(language: Locale): OrderDocument {
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

const kc = (amount: number, language: Locale) => flat(formatMoney(amount, 'CZK', language));

describe('the confirmation e-mail', () => {
  it('names delivery and payment before their price without a second colon, in both languages', async () => {
    const cs = flat((await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order('cs'), invoice: null }, 'cs')).text);
    expect(cs).toContain('Doprava – Výdejní místo nebo box: zdarma');
    expect(cs).toContain(`Platba – Dobírka: ${kc(PAYMENT, 'cs')}`);
    expect(cs).not.toMatch(/Doprava: [^:]+:/);
    const en = flat((await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order('en'), invoice: null }, 'en')).text);
    expect(en).toContain('Delivery – Pick-up point or box: free');
    expect(en).toContain(`Payment – Cash on delivery: ${kc(PAYMENT, 'en')}`);
  });

  it('writes the discount and the rounding with the same minus sign', async () => {
    for (const language of ['cs', 'en'] as const) {
      const mail = await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order(language), invoice: null }, language);
      const text = flat(mail.text);
      expect(text).toContain(`${language === 'cs' ? 'Sleva' : 'Discount'}: ${MINUS}${kc(DISCOUNT, language)}`);
      expect(text).toContain(`${language === 'cs' ? 'Zaokrouhlení' : 'Rounding'}: ${MINUS}${kc(-ROUNDING, language)}`);
      expect(text).not.toMatch(HYPHENATED_AMOUNT);
      expect(flat(mail.html)).toContain(`${MINUS}${kc(-ROUNDING, language)}`);
      expect(mail.html).not.toMatch(HYPHENATED_AMOUNT);
    }
  });

  it('words the variant as the cart does', async () => {
    const cs = await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order('cs'), invoice: null }, 'cs');
    expect(flat(cs.text)).toContain(`- Dres FC Vltavín domácí – modrá, velikost L: 1 ks, ${kc(GOODS, 'cs')}`);
    expect(cs.html).toContain('Dres FC Vltavín domácí – modrá, velikost L');
    const en = await orderConfirmation.render({ publicUrl: 'https://shop.example' }, { order: order('en'), invoice: null }, 'en');
    expect(flat(en.text)).toContain(`- Dres FC Vltavín domácí – blue, size L: 1 pc, ${kc(GOODS, 'en')}`);
  });
});

describe('the availability watch e-mail', () => {
  it('words the variant as the cart does', async () => {
    const watch = { productName: 'Dres FC Vltavín domácí', productSlug: 'dres', size: 'XL', colour: 'červená', unsubscribeToken: 't', firstName: null };
    const cs = await availabilityWatch.render({ publicUrl: 'https://shop.example' }, watch, 'cs');
    expect(cs.text).toContain('Dres FC Vltavín domácí – červená, velikost XL');
    const en = await availabilityWatch.render({ publicUrl: 'https://shop.example' }, { ...watch, colour: 'red' }, 'en');
    expect(en.text).toContain('Dres FC Vltavín domácí – red, size XL');
  });
});

describe('the invoice', () => {
  const invoice = (language: Locale) =>
    renderInvoicePdf({
      order: order(language),
      number: '2026000123',
      issuedAt: new Date('2026-11-22T10:00:00Z'),
      taxableSupplyAt: new Date('2026-11-22T10:00:00Z'),
      dueAt: new Date('2026-12-06T10:00:00Z'),
      spayd: null,
      eurRate: 25,
    });
  const invoiceText = async (language: Locale) => flat(await pdfText(await invoice(language)));

  it('writes the discount and the rounding with the minus sign, and the rate as Czech writes a percentage', async () => {
    const text = await invoiceText('cs');
    expect(text).toContain(`Sleva 21 % ${kc(-vatSplit(DISCOUNT, 21).net, 'cs')} ${kc(-DISCOUNT, 'cs')}`);
    expect(text).toContain(`Zaokrouhlení ${MINUS}${kc(-ROUNDING, 'cs')}`);
    expect(text).not.toMatch(HYPHENATED_AMOUNT);
  });

  it('in English writes "21%", without the Czech space', async () => {
    const text = await invoiceText('en');
    expect(text).toContain(`Discount 21% ${kc(-vatSplit(DISCOUNT, 21).net, 'en')} ${kc(-DISCOUNT, 'en')}`);
    expect(text).toContain(`Rounding ${MINUS}${kc(-ROUNDING, 'en')}`);
    expect(text).not.toMatch(/\d %/);
  });

  it('words the variant as the cart does, before its code', async () => {
    expect(await invoiceText('cs')).toContain('modrá, velikost L, DR-1001-BLU-L');
    expect(await invoiceText('en')).toContain('blue, size L, DR-1001-BLU-L');
  });

  // the fonts are parsed once per process and shared by every document (pdf/page-frame.ts)
  it('is the same bytes and the same text whatever was drawn before it', async () => {
    const english = await invoice('en');
    const czech = await invoice('cs');
    const englishAfterCzech = await invoice('en');
    expect(Buffer.compare(englishAfterCzech, english)).toBe(0);
    // a "c" first made inside the Czech "č" must still read as "c" in the English one
    expect(flat(await pdfText(englishAfterCzech))).toContain('Invoice – tax document');
    expect(Buffer.compare(await invoice('cs'), czech)).toBe(0);
  });
});
