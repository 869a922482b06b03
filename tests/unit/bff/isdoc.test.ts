// The ISDOC writer's pure parts (services/isdoc.ts, decision 0071): text escaped so that no name can
// close an element or open one, characters XML cannot carry dropped, a UUID that is stable per document
// and a valid RFC 9562 version 5, and every ISDOC it writes valid against the official schema.
import { describe, expect, it } from 'vitest';
import { isdocUuid, writeIsdoc, xmlText, type IsdocDocument } from '../../../bff/src/services/isdoc.ts';
import { parseIsdoc, text, xmllintIsdoc } from '../../support/isdoc.ts';

const address = { firstName: 'Jana', lastName: 'Nováková', company: '', ico: '', dic: '', street: 'Korunní 810/104', city: 'Praha', postcode: '101 00', country: 'CZ', email: 'jana@example.cz', phone: '' };

function document(overrides: Partial<IsdocDocument> = {}): IsdocDocument {
  return {
    documentType: 1,
    number: '2026000042',
    uuid: isdocUuid('invoice', '2026000042'),
    issuedAt: new Date('2026-11-29T10:00:00Z'),
    taxableSupplyAt: new Date('2026-11-29T10:00:00Z'),
    note: '',
    language: 'cs',
    currency: 'CZK',
    eurRate: 1,
    customer: address,
    order: { number: '2026000042', placedAt: new Date('2026-11-29T10:00:00Z') },
    original: null,
    lines: [{ description: 'Dres, M', sellersCode: 'DR-1', quantity: 3, unitGross: 100, ratePercent: 21, net: 248, gross: 300 }],
    recap: [{ ratePercent: 21, gross: 300, net: 248, vat: 52 }],
    totalNet: 248,
    totalVat: 52,
    roundingGross: 0,
    totalGross: 300,
    payment: { paymentCode: 'bank-transfer', dueAt: new Date('2026-12-13T10:00:00Z'), variableSymbol: '2026000042' },
    ...overrides,
  };
}

describe('ISDOC writer', () => {
  it('escapes the five special characters and drops what XML cannot carry', () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(xmlText('a\u0000b\u0007c\u001bd\uFFFEe\uD800f\tg\nh')).toBe('abcdef\tg\nh');
    expect(xmlText('Žluťoučký 😀')).toBe('Žluťoučký 😀');
  });

  it('gives each document one stable UUID of version 5, different per kind and number', () => {
    const uuid = isdocUuid('invoice', '2026000042');
    expect(uuid).toBe(isdocUuid('invoice', '2026000042'));
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isdocUuid('credit-note', '2026000042')).not.toBe(uuid);
    expect(isdocUuid('invoice', '2026000043')).not.toBe(uuid);
  });

  it('writes the unit price without VAT to four places, and valid ISDOC for a consumer without IČO', () => {
    const xml = writeIsdoc(document());
    expect(xmllintIsdoc(xml).status).toBe(0);
    const root = parseIsdoc(xml);
    // 2,48 Kč over 3 pieces
    expect(text(root, 'InvoiceLines/InvoiceLine/UnitPrice')).toBe('0.8267');
    expect(text(root, 'AccountingCustomerParty/Party/PartyIdentification/ID')).toBe('');
    expect(text(root, 'AccountingCustomerParty/Party/PostalAddress/StreetName')).toBe('Korunní');
    expect(text(root, 'AccountingCustomerParty/Party/PostalAddress/BuildingNumber')).toBe('810/104');
    expect(writeIsdoc(document()).equals(xml)).toBe(true);
  });

  it('writes a negative line (a discount) with its sign, still valid', () => {
    const xml = writeIsdoc(
      document({
        lines: [
          { description: 'Dres', sellersCode: '', quantity: 1, unitGross: 300, ratePercent: 21, net: 248, gross: 300 },
          { description: 'Sleva', sellersCode: '', quantity: 1, unitGross: -100, ratePercent: 21, net: -83, gross: -100 },
        ],
        recap: [{ ratePercent: 21, gross: 200, net: 165, vat: 35 }],
        totalNet: 165,
        totalVat: 35,
        totalGross: 200,
      }),
    );
    expect(xmllintIsdoc(xml).status).toBe(0);
    expect(xml.toString()).toContain('<UnitPrice>-0.83</UnitPrice>');
    expect(xml.toString()).toContain('<LineExtensionAmountTaxInclusive>-1.00</LineExtensionAmountTaxInclusive>');
  });
});
