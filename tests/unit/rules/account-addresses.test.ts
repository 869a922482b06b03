import { describe, expect, it } from 'vitest';
import { addressFormSchema, companyFormSchema, deliveryAddressSchema, invoiceDetailsSchema, isCompanyDetails, MAX_SAVED_ADDRESSES, validateForm } from '../../../schema/rules/index.ts';

const INVOICE = { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.cz', phone: '601 234 567', street: 'Korunní 12', city: 'Praha', postcode: '120 00', country: 'CZ' };

describe('account address schemas', () => {
  it('treats invoice details as a company’s once company, IČO or DIČ is filled in (blank does not count)', () => {
    expect(isCompanyDetails({})).toBe(false);
    expect(isCompanyDetails({ company: '  ', ico: '', dic: undefined })).toBe(false);
    expect(isCompanyDetails({ ico: '27082440' })).toBe(true);
    expect(isCompanyDetails({ dic: 'CZ27082440' })).toBe(true);
    expect(invoiceDetailsSchema({})).toBe(addressFormSchema);
    expect(invoiceDetailsSchema({ company: 'Firma' })).toEqual({ ...addressFormSchema, ...companyFormSchema });
  });

  it('asks a company for its name and a valid IČO, DIČ only when given', () => {
    const values = { ...INVOICE, company: '', ico: '25596642', dic: '' };
    expect(validateForm(values, invoiceDetailsSchema({ ico: values.ico }), 'cs')).toEqual({
      company: 'Toto pole je povinné.',
      ico: expect.any(String),
    });
    expect(validateForm({ ...INVOICE, company: 'Firma s.r.o.', ico: '25596641', dic: '' }, invoiceDetailsSchema({ company: 'x' }), 'cs')).toEqual({});
  });

  it('a delivery address needs no e-mail and no phone; limit of saved addresses', () => {
    const { email: _email, phone: _phone, ...delivery } = INVOICE;
    expect(validateForm(delivery, deliveryAddressSchema, 'en')).toEqual({});
    expect(validateForm({ ...delivery, postcode: '999' }, deliveryAddressSchema, 'en')).toHaveProperty('postcode');
    expect(MAX_SAVED_ADDRESSES).toBe(20);
  });
});
