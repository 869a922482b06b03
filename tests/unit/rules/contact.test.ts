import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatPhone, normalizePhone, normalizePostcode, phone, postcode, storedPhone, validateField, validatePhone } from '../../../schema/rules/index.ts';

describe('normalizePostcode', () => {
  it.each([
    ['11000', 'CZ', '110 00'],
    ['110 00', 'CZ', '110 00'],
    [' 602 00 ', 'cz', '602 00'],
    ['81101', 'SK', '811 01'],
    ['010 01', 'SK', '010 01'],
    ['974 01', 'SK', '974 01'],
  ])('%j in %s is %j', (value, country, expected) => {
    expect(normalizePostcode(value, country)).toBe(expected);
  });

  it.each([
    ['1100', 'CZ'],
    ['110000', 'CZ'],
    ['11O00', 'CZ'],
    ['', 'CZ'],
    ['01001', 'CZ'], // Slovak range
    ['81101', 'CZ'],
    ['11000', 'SK'], // Czech range
    ['110-00', 'CZ'],
  ])('rejects %j in %s', (value, country) => {
    expect(normalizePostcode(value, country)).toBeNull();
  });

  it('keeps other countries’ postcodes as typed, trimmed', () => {
    expect(normalizePostcode(' 10115 ', 'DE')).toBe('10115');
    expect(normalizePostcode('SW1A 1AA', 'GB')).toBe('SW1A 1AA');
    expect(normalizePostcode('   ', 'DE')).toBeNull();
  });

  it('gives the same display form with or without the space', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-7][0-9]{4}$/), (digits) => {
        const display = `${digits.slice(0, 3)} ${digits.slice(3)}`;
        expect(normalizePostcode(digits, 'CZ')).toBe(display);
        expect(normalizePostcode(display, 'CZ')).toBe(display);
        expect(normalizePostcode(display, 'CZ')!.replace(' ', '')).toBe(digits);
      }),
    );
  });
});

describe('postcode rule', () => {
  it('checks the postcode against the country chosen in the form', () => {
    const rules = [postcode('country')];
    expect(validateField('811 01', rules, 'cs', { country: 'SK' })).toBeNull();
    expect(validateField('811 01', rules, 'cs', { country: 'CZ' })).toBe('Zadejte platné PSČ.');
    expect(validateField('811 01', rules, 'en', { country: 'CZ' })).toBe('Enter a valid postcode.');
    // No country chosen yet: Czech rules apply.
    expect(validateField('110 00', rules, 'cs', {})).toBeNull();
    expect(validateField('811 01', rules, 'cs', { country: '' })).toBe('Zadejte platné PSČ.');
  });
});

describe('validatePhone', () => {
  it.each(['777123456', '777 123 456', '+420777123456', '+420 777 123 456', '+421 905 123 456', ' 777 12 34 56 ', '00420777123456', '+420-777-123-456', '(+420) 777 123 456'])(
    'accepts %j',
    (value) => {
      expect(validatePhone(value)).toBe(true);
    },
  );

  it.each(['77712345', '7771234567', '+420 77712345', '+49 777 123 456', '0049777123456', '420777123456', '+420 777.123.456', '777 123 45a', '+ 420777123456x', ''])(
    'rejects %j',
    (value) => {
      expect(validatePhone(value)).toBe(false);
    },
  );

  it('accepts 9 digits with an optional +420/+421 wherever the spaces are', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '+420', '+421'),
        fc.stringMatching(/^[0-9]{9}$/),
        fc.array(fc.nat({ max: 13 }), { maxLength: 4 }),
        (countryCode, digits, spaceAt) => {
          let text = countryCode + digits;
          for (const at of spaceAt) text = `${text.slice(0, at)} ${text.slice(at)}`;
          expect(validatePhone(text)).toBe(true);
          expect(validatePhone(text + '0')).toBe(false);
        },
      ),
    );
  });

  it('gives the rule messages', () => {
    expect(validateField('123', [phone], 'cs')).toBe('Zadejte platné telefonní číslo.');
    expect(validateField('123', [phone], 'en')).toBe('Enter a valid phone number.');
  });
});

describe('one stored form of a phone (issue 24, item 6)', () => {
  it.each([
    ['777 123 456', '+420777123456'],
    ['+420777123456', '+420777123456'],
    ['00420 777-123-456', '+420777123456'],
    ['(+420) 777 123 456', '+420777123456'],
    [' 777-12-34-56 ', '+420777123456'],
    ['+421 905 123 456', '+421905123456'],
    ['00421905123456', '+421905123456'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(storedPhone(typed)).toBe(stored);
  });

  it('keeps an empty field empty and refuses what is not a Czech or Slovak number', () => {
    expect(storedPhone('')).toBe('');
    expect(storedPhone('   ')).toBe('');
    expect(storedPhone(null)).toBe('');
    for (const value of ['', '12345', '+49 777 123 456', '0777123456']) expect(normalizePhone(value)).toBeNull();
  });

  it('stores every way of writing one number the same, and the stored form again as itself', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '+420', '00420'),
        fc.stringMatching(/^[0-9]{9}$/),
        fc.array(fc.tuple(fc.nat({ max: 14 }), fc.constantFrom(' ', '-', '(', ')')), { maxLength: 4 }),
        (prefix, digits, separators) => {
          let text = prefix + digits;
          for (const [at, separator] of separators) text = `${text.slice(0, at)}${separator}${text.slice(at)}`;
          const stored = normalizePhone(text);
          expect(stored).toBe(`+420${digits}`);
          expect(normalizePhone(stored!)).toBe(stored);
        },
      ),
    );
  });

  it.each([
    ['+420777123456', '+420 777 123 456'],
    ['777123456', '+420 777 123 456'],
    ['+421 905123456', '+421 905 123 456'],
    ['00420 603-123-456', '+420 603 123 456'],
    ['', ''],
    [null, ''],
    ['not a phone', 'not a phone'],
  ])('%j is shown as %j, saved before the one format or after', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
