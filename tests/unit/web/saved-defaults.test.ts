// A customer's checkout starts from her saved invoice details and default delivery address (issue 24, item 3).
import { describe, expect, it } from 'vitest';
import { savedDefaults } from '../../../web/app/features/checkout/saved-defaults.ts';
import type { SavedAddressFieldsFragment as SavedAddressData } from '../../../web/app/gql/graphql.ts';

const address = (input: Partial<SavedAddressData>): SavedAddressData => ({
  id: 'a',
  kind: 'DELIVERY',
  isDefault: false,
  firstName: 'Jana',
  lastName: 'Nováková',
  email: '',
  phone: '',
  street: 'Vinohradská 12',
  city: 'Praha',
  postcode: '120 00',
  country: 'CZ',
  company: '',
  ico: '',
  dic: '',
  ...input,
  __typename: 'SavedAddress',
});

describe('savedDefaults', () => {
  const invoice = address({ id: 'i', kind: 'INVOICE', isDefault: true, company: 'Nováková s.r.o.', ico: '25596641' });
  const other = address({ id: 'd1' });
  const preferred = address({ id: 'd2', isDefault: true });

  it('picks the saved invoice details and the default delivery address while the cart has no addresses', () => {
    expect(savedDefaults([other, preferred, invoice], false)).toEqual({ invoice, delivery: preferred });
    expect(savedDefaults([other], false)).toEqual({ invoice: null, delivery: null });
  });

  it('keeps what the shopper already filled in at checkout', () => {
    expect(savedDefaults([other, preferred, invoice], true)).toEqual({ invoice: null, delivery: null });
  });
});
