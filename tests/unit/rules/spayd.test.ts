import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildSpayd, validateIban, type SpaydPayment } from '../../../schema/rules/index.ts';

const SHOP_IBAN = 'CZ6508000000192000145399';

describe('buildSpayd', () => {
  it('builds the czech.md example exactly', () => {
    expect(
      buildSpayd({
        iban: SHOP_IBAN,
        amountMinor: 125_000,
        currency: 'CZK',
        variableSymbol: '2026000123',
        message: 'OBJEDNAVKA 2026000123',
      }),
    ).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:1250.00*CC:CZK*X-VS:2026000123*MSG:OBJEDNAVKA 2026000123');
  });

  it('accepts the paper form of the IBAN and appends the BIC', () => {
    expect(
      buildSpayd({ iban: 'CZ65 0800 0000 1920 0014 5399', bic: 'gibaczpx', amountMinor: 5, currency: 'eur' }),
    ).toBe('SPD*1.0*ACC:CZ6508000000192000145399+GIBACZPX*AM:0.05*CC:EUR');
  });

  it('adds the recipient name last and strips * from free text', () => {
    expect(
      buildSpayd({
        iban: SHOP_IBAN,
        amountMinor: 99,
        currency: 'CZK',
        variableSymbol: 42,
        message: '*Děkujeme* za nákup',
        recipientName: 'Obchod *s.r.o.*',
      }),
    ).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:0.99*CC:CZK*X-VS:42*MSG:Děkujeme za nákup*RN:Obchod s.r.o.');
  });

  it('cuts the message to 60 characters', () => {
    const message = 'Ř'.repeat(59) + '😀' + 'OVERFLOW';
    const spayd = buildSpayd({ iban: SHOP_IBAN, amountMinor: 100, currency: 'CZK', message });
    expect(spayd.endsWith(`*MSG:${'Ř'.repeat(59)}😀`)).toBe(true);
  });

  it('formats the amount with two decimals up to 9 999 999.99', () => {
    expect(buildSpayd({ iban: SHOP_IBAN, amountMinor: 999_999_999, currency: 'CZK' })).toContain('*AM:9999999.99*');
    expect(buildSpayd({ iban: SHOP_IBAN, amountMinor: 100_000, currency: 'CZK' })).toContain('*AM:1000.00*');
    expect(buildSpayd({ iban: SHOP_IBAN, amountMinor: 7, currency: 'CZK' })).toContain('*AM:0.07*');
  });

  it.each<[Partial<SpaydPayment>, string]>([
    [{ amountMinor: 1_000_000_000 }, 'amount over the limit'],
    [{ amountMinor: -1 }, 'negative amount'],
    [{ amountMinor: 12.5 }, 'fraction of a minor unit'],
    [{ variableSymbol: '12345678901' }, 'variable symbol of 11 digits'],
    [{ variableSymbol: '12A' }, 'variable symbol with a letter'],
    [{ iban: 'CZ6608000000192000145399' }, 'invalid IBAN'],
    [{ bic: 'GIBA*CZPX' }, 'invalid BIC'],
    [{ currency: 'CZ*' }, 'invalid currency'],
  ])('throws for %j (%s)', (override) => {
    expect(() => buildSpayd({ iban: SHOP_IBAN, amountMinor: 100, currency: 'CZK', ...override })).toThrow(/SPAYD/);
  });

  it('never lets a * into a value', () => {
    const text = fc.string({
      unit: fc.oneof(fc.constant('*'), fc.constant(' '), fc.constantFrom('Ž', 'a', ':', '+'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      maxLength: 80,
    });
    const payment = fc.record(
      {
        amountMinor: fc.integer({ min: 0, max: 999_999_999 }),
        currency: fc.constantFrom('CZK', 'EUR'),
        variableSymbol: fc.stringMatching(/^[0-9]{1,10}$/),
        message: text,
        recipientName: text,
      },
      { requiredKeys: ['amountMinor', 'currency'] },
    );

    fc.assert(
      fc.property(payment, (input) => {
        const spayd = buildSpayd({ iban: SHOP_IBAN, ...input });
        const cleaned = (value: string | undefined) => (value ?? '').replaceAll('*', '').trim();
        const expectedFields =
          5 +
          (input.variableSymbol !== undefined ? 1 : 0) +
          (cleaned(input.message) !== '' ? 1 : 0) +
          (cleaned(input.recipientName) !== '' ? 1 : 0);

        const fields = spayd.split('*');
        expect(fields).toHaveLength(expectedFields);
        expect(fields.slice(0, 2)).toEqual(['SPD', '1.0']);
        for (const field of fields.slice(2)) {
          expect(field).toMatch(/^[A-Z-]+:/);
          expect(field).not.toContain('*');
        }

        const byKey = new Map(fields.slice(2).map((field) => [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)]));
        expect(validateIban(byKey.get('ACC')!)).toBe(true);
        expect(byKey.get('AM')).toMatch(/^[0-9]+\.[0-9]{2}$/);
        expect(Math.round(Number(byKey.get('AM')) * 100)).toBe(input.amountMinor);
        expect(byKey.get('CC')).toBe(input.currency);
        if (byKey.has('MSG')) {
          const msg = byKey.get('MSG')!;
          expect(Array.from(msg).length).toBeLessThanOrEqual(60);
          expect(cleaned(input.message).startsWith(msg)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
