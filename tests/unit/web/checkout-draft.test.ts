// The checkout's draft across a language switch (issue 24, item 6): only this cart's draft is read
// back, something else under the key is ignored, and a refused storage keeps nothing without failing.
import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft, type CheckoutDraft } from '../../../web/app/features/checkout/checkout-draft.ts';
import { EMPTY_ADDRESS } from '../../../web/app/features/checkout/AddressFields.tsx';

/** A sessionStorage of one tab, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const DRAFT: CheckoutDraft = {
  cartId: 'Q2FydDox',
  invoice: { ...EMPTY_ADDRESS, firstName: 'Petra', phone: '777 123 456' },
  delivery: { ...EMPTY_ADDRESS },
  forCompany: false,
  sameAsInvoice: true,
  invoiceSavedId: null,
  deliverySavedId: null,
  note: 'Zvonit dvakrát',
  newsletter: false,
  terms: true,
  invalid: { invoice: ['city'], delivery: [] },
};

describe('checkout draft', () => {
  it('gives back what was written for the same cart, and nothing once cleared', () => {
    const storage = memoryStorage();
    writeDraft(storage, DRAFT);
    expect(readDraft(storage, DRAFT.cartId)).toEqual(DRAFT);
    clearDraft(storage);
    expect(readDraft(storage, DRAFT.cartId)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('ignores another cart’s draft (an order placed meanwhile starts a new cart)', () => {
    const storage = memoryStorage();
    writeDraft(storage, DRAFT);
    expect(readDraft(storage, 'Q2FydDoy')).toBeNull();
  });

  it('ignores what it did not write: broken JSON, missing or mistyped fields', () => {
    const storage = memoryStorage();
    for (const text of ['{', '"text"', 'null', JSON.stringify({ ...DRAFT, invoice: { firstName: 'Petra' } }), JSON.stringify({ ...DRAFT, terms: 'yes' }), JSON.stringify({ ...DRAFT, invalid: null })]) {
      storage.setItem('tribuna.checkout-draft', text);
      expect(readDraft(storage, DRAFT.cartId)).toBeNull();
    }
  });

  it('keeps nothing, without failing, where the browser refuses storage', () => {
    const refusing = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as Storage;
    expect(() => writeDraft(refusing, DRAFT)).not.toThrow();
    expect(readDraft(null, DRAFT.cartId)).toBeNull();
    expect(() => clearDraft(null)).not.toThrow();
  });
});
