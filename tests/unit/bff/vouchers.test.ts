// The pure voucher rules (services/vouchers.ts): how discounts combine and round, which rule is
// reported first. Every rule against the database and the API: tests/integration/vouchers.test.ts.
import { describe, expect, it } from 'vitest';
import { evaluateVoucherRows, voucherProblem, type CartForVouchers, type VoucherRow } from '../../../bff/src/services/vouchers.ts';

let nextId = 1;
function voucher(input: Partial<VoucherRow> = {}): VoucherRow {
  const id = nextId++;
  return {
    id,
    code: `V${id}`,
    kind: 'AMOUNT',
    value: 10_000,
    currency: 'CZK',
    valueEur: null,
    validFrom: null,
    validUntil: null,
    capacity: null,
    usedCount: 0,
    oncePerCustomer: false,
    minimumCartCzk: null,
    minimumCartEur: null,
    boundEmail: null,
    customerId: null,
    ...input,
  };
}

const cart: CartForVouchers = { id: 'c', currency: 'CZK', customerId: null, email: null, goodsGross: 100_000 };
const now = new Date('2026-11-22T12:00:00Z');

describe('voucher discounts', () => {
  it('rounds a percentage half up to whole haléře', () => {
    const result = evaluateVoucherRows([voucher({ kind: 'PERCENT', value: 15, currency: null })], { ...cart, goodsGross: 333 }, new Set(), 'cs', now);
    expect(result.discountGross).toBe(50); // 49.95
    const down = evaluateVoucherRows([voucher({ kind: 'PERCENT', value: 15, currency: null })], { ...cart, goodsGross: 329 }, new Set(), 'cs', now);
    expect(down.discountGross).toBe(49); // 49.35
  });

  it('takes percentages of the goods before fixed amounts and never more than the goods', () => {
    const amount = voucher({ value: 80_000 });
    const percent = voucher({ kind: 'PERCENT', value: 50, currency: null });
    const result = evaluateVoucherRows([amount, percent], cart, new Set(), 'cs', now);
    expect(result.entries.map((entry) => [entry.code, entry.discountGross])).toEqual([
      [amount.code, 50_000],
      [percent.code, 50_000],
    ]);
    expect(result.discountGross).toBe(100_000);
  });

  it('an invalid voucher takes nothing and free shipping counts only when valid', () => {
    const expired = voucher({ kind: 'FREE_SHIPPING', value: 0, currency: null, validUntil: new Date('2026-11-01T00:00:00Z') });
    const result = evaluateVoucherRows([expired], cart, new Set(), 'en', now);
    expect(result).toMatchObject({ discountGross: 0, freeShipping: false, entries: [{ valid: false, problem: 'EXPIRED', message: 'The voucher is no longer available.' }] });
    expect(evaluateVoucherRows([{ ...expired, validUntil: null }], cart, new Set(), 'cs', now).freeShipping).toBe(true);
  });
});

describe('voucher rules', () => {
  it('reports the window before capacity, capacity before the customer, the e-mail before the minimum', () => {
    const strict = voucher({ validFrom: new Date('2027-01-01T00:00:00Z'), capacity: 1, usedCount: 1, customerId: 7, boundEmail: 'a@example.cz', minimumCartCzk: 1_000_000 });
    expect(voucherProblem(strict, cart, false, now)).toBe('NOT_YET_VALID');
    expect(voucherProblem({ ...strict, validFrom: null }, cart, false, now)).toBe('CAPACITY_EXHAUSTED');
    expect(voucherProblem({ ...strict, validFrom: null, capacity: null }, cart, false, now)).toBe('WRONG_CUSTOMER');
    expect(voucherProblem({ ...strict, validFrom: null, capacity: null }, { ...cart, customerId: 7 }, false, now)).toBe('EMAIL_REQUIRED');
    expect(voucherProblem({ ...strict, validFrom: null, capacity: null }, { ...cart, customerId: 7, email: ' A@Example.cz' }, false, now)).toBe('MINIMUM_NOT_MET');
  });

  it('a minimum exactly met qualifies; one haléř less does not', () => {
    const minimum = voucher({ minimumCartCzk: 100_000 });
    expect(voucherProblem(minimum, cart, false, now)).toBeNull();
    expect(voucherProblem(minimum, { ...cart, goodsGross: 99_999 }, false, now)).toBe('MINIMUM_NOT_MET');
  });

  it('a once-per-customer voucher used under this e-mail is ALREADY_USED', () => {
    expect(voucherProblem(voucher({ oncePerCustomer: true }), { ...cart, email: 'a@example.cz' }, true, now)).toBe('ALREADY_USED');
    expect(voucherProblem(voucher({ oncePerCustomer: true }), { ...cart, email: 'a@example.cz' }, false, now)).toBeNull();
  });
});
