import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  confirmed,
  digits,
  email,
  length,
  max,
  min,
  multiLine,
  required,
  validateField,
  validateForm,
  type Rule,
} from '../../../schema/rules/index.ts';

describe('required', () => {
  it.each([[''], [null], [undefined], [false], [[]], ['   '], ['\t\n'], ['\u00a0']])(
    'fails on %j with the spec message',
    (value) => {
      expect(validateField(value, [required], 'cs')).toBe('Toto pole je povinné.');
      expect(validateField(value, [required], 'en')).toBe('This field is required.');
    },
  );

  it.each([['a'], [' a '], [0], [true], [['x']], ['0']])('passes on %j', (value) => {
    expect(validateField(value, [required], 'cs')).toBeNull();
  });
});

describe('email', () => {
  it.each(['jan.novak@example.cz', 'a+b@sub.example.com', 'petr@háčkyčárky.cz', 'x@xn--hkyrky-ptac70bc.cz'])(
    'accepts %s',
    (value) => {
      expect(validateField(value, [email], 'cs')).toBeNull();
    },
  );

  it.each(['jan', 'jan@', '@example.cz', 'jan@example', 'jan novak@example.cz', 'jan@@example.cz', 'jan..x@example.cz', 'jan@-example.cz', 'jan@example.c'])(
    'rejects %s',
    (value) => {
      expect(validateField(value, [email], 'cs')).toBe('Pole musí obsahovat platný email.');
      expect(validateField(value, [email], 'en')).toBe('This field must be a valid email.');
    },
  );
});

describe('length rules count Unicode code points', () => {
  it('min', () => {
    expect(validateField('ab', [min(3)], 'cs')).toBe('Vyplňte prosím minimálně 3 znaky.');
    expect(validateField('ab', [min(3)], 'en')).toBe('Please enter at least 3 characters.');
    expect(validateField('abc', [min(3)], 'cs')).toBeNull();
    // Two emoji are four UTF-16 units but two characters.
    expect(validateField('😀😀', [min(3)], 'cs')).toBe('Vyplňte prosím minimálně 3 znaky.');
  });

  it('max', () => {
    expect(validateField('abcd', [max(3)], 'cs')).toBe('Vyplňte prosím maximálně 3 znaky.');
    expect(validateField('abcd', [max(3)], 'en')).toBe('Please enter at most 3 characters.');
    expect(validateField('😀😀😀', [max(3)], 'cs')).toBeNull();
    expect(validateField('ab', [max(1)], 'en')).toBe('Please enter at most 1 character.');
  });

  it('length', () => {
    expect(validateField('1234', [length(5)], 'cs')).toBe('Vyplňte prosím přesně 5 znaků.');
    expect(validateField('123456', [length(5)], 'en')).toBe('Please enter exactly 5 characters.');
    expect(validateField('žluťo', [length(5)], 'cs')).toBeNull();
    expect(validateField('𝒳𝒳𝒳𝒳𝒳', [length(5)], 'cs')).toBeNull();
  });

  it('the spec’s “{n} znaků” takes the Czech plural form of n', () => {
    expect(validateField('', [required, length(1)], 'cs')).toBe('Toto pole je povinné.');
    expect(validateField('12', [length(1)], 'cs')).toBe('Vyplňte prosím přesně 1 znak.');
    expect(validateField('123', [length(4)], 'cs')).toBe('Vyplňte prosím přesně 4 znaky.');
    expect(validateField('123', [length(10)], 'cs')).toBe('Vyplňte prosím přesně 10 znaků.');
    expect(validateField('1', [min(2)], 'cs')).toBe('Vyplňte prosím minimálně 2 znaky.');
    expect(validateField('x'.repeat(101), [max(100)], 'cs')).toBe('Vyplňte prosím maximálně 100 znaků.');
  });

  it('agrees with Array.from(text).length for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), fc.integer({ min: 0, max: 20 }), (text, n) => {
        fc.pre(text !== '');
        const count = Array.from(text).length;
        // a line break or a bidi control fails any text field first (see 'single-line text' below)
        const plain = text.trim() === '' || !/[\r\n\u0085\u2028\u2029\u202A-\u202E\u2066-\u2069]/.test(text);
        expect(validateField(text, [min(n)], 'cs') === null).toBe(plain && count >= n);
        expect(validateField(text, [max(n)], 'cs') === null).toBe(plain && count <= n);
        expect(validateField(text, [length(n)], 'cs') === null).toBe(plain && count === n);
      }),
    );
  });
});

describe('confirmed', () => {
  it('compares with the other field of the form', () => {
    const rules = [confirmed('password')];
    expect(validateField('secret', rules, 'cs', { password: 'secret' })).toBeNull();
    expect(validateField('secreT', rules, 'cs', { password: 'secret' })).toBe('Toto pole není validní.');
    expect(validateField('secreT', rules, 'en', { password: 'secret' })).toBe('This field is not valid.');
    expect(validateField('secret', rules, 'cs')).toBe('Toto pole není validní.');
  });
});

describe('digits', () => {
  it.each(['0123456789', '٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹', '12٣۴'])('accepts %s', (value) => {
    expect(validateField(value, [digits], 'cs')).toBeNull();
  });

  it.each(['12a', '1 2', '-1', '1.5', '１２', '१२', ' 12'])('rejects %s', (value) => {
    expect(validateField(value, [digits], 'cs')).toBe('Pole musí obsahovat pouze číslice.');
    expect(validateField(value, [digits], 'en')).toBe('This field may contain digits only.');
  });

  it('accepts numbers given as numbers', () => {
    expect(validateField(42, [digits], 'cs')).toBeNull();
  });
});

describe('validateField', () => {
  it('returns the message of the first failing rule', () => {
    expect(validateField('', [required, email], 'cs')).toBe('Toto pole je povinné.');
    expect(validateField('x', [required, email, min(5)], 'cs')).toBe('Pole musí obsahovat platný email.');
    expect(validateField('x', [required, min(5), email], 'cs')).toBe('Vyplňte prosím minimálně 5 znaků.');
  });

  it('returns null when every rule passes or there is none', () => {
    expect(validateField('jan@example.cz', [required, email, max(50)], 'cs')).toBeNull();
    expect(validateField('anything', [], 'cs')).toBeNull();
  });
});

describe('single-line text', () => {
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(bidi.map((char) => [char.codePointAt(0)!.toString(16).toUpperCase()]))('refuses the bidi control U+%s in any text field, multi-line too', (hex) => {
    const text = `Jana ${String.fromCodePoint(parseInt(hex, 16))}ávoN`;
    expect(validateField(text, [required, max(100)], 'cs')).toBe('Pole obsahuje neviditelné znaky, které mění směr textu. Odstraňte je prosím.');
    expect(validateField(text, [multiLine, max(1000)], 'en')).toBe('This field contains invisible characters that change the direction of the text. Please remove them.');
  });

  it.each([['Jana\nNová'], ['Jana\r\nNová'], ['Jana\rNová'], ['Jana\u2028Nová']])('refuses a line break in a single-line field: %j', (text) => {
    expect(validateField(text, [required, max(100)], 'cs')).toBe('Toto pole musí být na jednom řádku.');
    expect(validateForm({ firstName: text }, { firstName: [] }, 'en')).toEqual({ firstName: 'This field must fit on a single line.' });
    // a multi-line field (an order note) takes it
    expect(validateField(text, [multiLine, max(100)], 'cs')).toBeNull();
  });

  it('leaves blank text to required, and plain text, tabs and right-to-left letters alone', () => {
    expect(validateField('\n', [required], 'cs')).toBe('Toto pole je povinné.');
    expect(validateField('\n', [], 'cs')).toBeNull();
    expect(validateField('שלום\tعربي \u200F', [required], 'cs')).toBeNull();
  });
});

describe('validateForm', () => {
  const schema: Record<string, Rule[]> = {
    email: [required, email],
    password: [required, min(8)],
    passwordAgain: [required, confirmed('password')],
    note: [max(5)],
  };

  it('returns messages for the failing fields only', () => {
    const errors = validateForm(
      { email: 'jan@example.cz', password: 'short', passwordAgain: 'other', note: '' },
      schema,
      'cs',
    );
    expect(errors).toEqual({
      password: 'Vyplňte prosím minimálně 8 znaků.',
      passwordAgain: 'Toto pole není validní.',
    });
  });

  it('returns an empty object for a valid form, using all values as the context', () => {
    const values = { email: 'jan@example.cz', password: 'long enough', passwordAgain: 'long enough', note: 'ok' };
    expect(validateForm(values, schema, 'en')).toEqual({});
  });

  it('treats missing fields as empty', () => {
    expect(validateForm({}, schema, 'en')).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
      passwordAgain: 'This field is required.',
    });
  });
});
