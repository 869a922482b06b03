// The confirmation e-mail and the invoice word an order as the pages do (the issue 24 review): a
// negative amount with the minus sign (the rounding line as the discount line), the delivery named
// without a second colon in the text part, the variant as schema/rules/variant.ts words it, and a
// percentage as each language writes it ("21 %" in Czech, "21%" in English).
import { describe, expect, it } from 'vitest';
import { orderConfirmation } from '../../../bff/src/mail/templates/order-confirmation.ts';
import { availabilityWatch } from '../../../bff/src/mail/templates/availability-watch.ts';
import { renderInvoicePdf } from '../../../bff/src/pdf/invoice-pdf.ts';
import { formatMoney, vatSplit, type Locale } from '../../../schema/rules/index.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { DISCOUNT, GOODS, orderDocument as order, PAYMENT, ROUNDING } from '../../support/order-document.ts';

const MINUS = '\u2212';
/** Text with every run of white space (line breaks, no-break spaces) made one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** An amount written with a hyphen for its sign: "-0,15 Kč", "-CZK 0.15". */
const HYPHENATED_AMOUNT = /-(CZK\s)?\d[\d\s]*[,.]\d\d/;

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
