// The checkout's completeness rules and form schemas (schema/rules/checkout.ts), shared by the web
// form and the BFF.
import { describe, expect, it } from 'vitest';
import {
  addressFormSchema,
  CHECKOUT_MESSAGES,
  checkoutProblems,
  companyFormSchema,
  deliveryAddressFormSchema,
  validateForm,
  type CheckoutChoices,
} from '../../../schema/rules/index.ts';

const address = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@example.cz',
  phone: '+420 603 123 456',
  street: 'Vinohradská 12',
  city: 'Praha',
  postcode: '120 00',
  country: 'CZ',
};

const complete: CheckoutChoices = {
  deliveryMethod: { isPickup: false },
  storeChosen: false,
  paymentMethod: { allowedForDelivery: true },
  termsAccepted: true,
  invoiceAddress: address,
  forCompany: false,
  deliverySameAsInvoice: true,
  deliveryAddress: null,
};

const fields = (choices: Partial<CheckoutChoices>) => checkoutProblems({ ...complete, ...choices }, 'cs').map((p) => p.field);

describe('checkoutProblems', () => {
  it('has nothing to say about a complete checkout', () => {
    expect(checkoutProblems(complete, 'cs')).toEqual([]);
  });

  it('names every missing choice, in the order of the form, with the spec’s message in each language', () => {
    const empty: CheckoutChoices = { ...complete, deliveryMethod: null, paymentMethod: null, termsAccepted: false, invoiceAddress: null };
    expect(checkoutProblems(empty, 'cs')).toEqual([
      { field: 'deliveryMethod', message: CHECKOUT_MESSAGES.deliveryMethodMissing.cs },
      { field: 'paymentMethod', message: CHECKOUT_MESSAGES.paymentMethodMissing.cs },
      { field: 'invoiceAddress', message: CHECKOUT_MESSAGES.invoiceAddressIncomplete.cs },
      { field: 'terms', message: CHECKOUT_MESSAGES.termsNotAccepted.cs },
    ]);
    expect(checkoutProblems(empty, 'en').map((p) => p.message)).toEqual([
      'Please select a delivery method.',
      'Please select a payment method.',
      'Please complete the invoice address.',
      'You must agree to the terms and conditions to place the order.',
    ]);
  });

  it('asks for a branch with personal pickup, and for no delivery address then', () => {
    expect(fields({ deliveryMethod: { isPickup: true } })).toEqual(['store']);
    expect(fields({ deliveryMethod: { isPickup: true }, storeChosen: true, deliverySameAsInvoice: false })).toEqual([]);
  });

  it('asks for a delivery address only when it is not the invoice address', () => {
    expect(fields({ deliverySameAsInvoice: false })).toEqual(['deliveryAddress']);
    expect(checkoutProblems({ ...complete, deliverySameAsInvoice: false }, 'cs')[0].message).toBe(CHECKOUT_MESSAGES.deliveryAddressMissing.cs);
    const partial = checkoutProblems({ ...complete, deliverySameAsInvoice: false, deliveryAddress: { firstName: 'Petr' } }, 'cs');
    expect(partial).toEqual([{ field: 'deliveryAddress', message: CHECKOUT_MESSAGES.deliveryAddressIncomplete.cs }]);
    const { email: _email, phone: _phone, ...receiver } = address;
    expect(fields({ deliverySameAsInvoice: false, deliveryAddress: receiver })).toEqual([]);
  });

  it("asks to select a delivery address when the separate one is left empty (the form sends its blank fields), to complete it when half filled (issue 40, item 25)", () => {
    const blank = { firstName: '', lastName: '', phone: '', street: '', city: '', postcode: '', country: 'CZ' };
    expect(checkoutProblems({ ...complete, deliverySameAsInvoice: false, deliveryAddress: blank }, 'cs')).toEqual([
      { field: 'deliveryAddress', message: 'Vyberte prosím doručovací adresu.' },
    ]);
    expect(checkoutProblems({ ...complete, deliverySameAsInvoice: false, deliveryAddress: blank }, 'en')[0].message).toBe('Please select a delivery address.');
    expect(checkoutProblems({ ...complete, deliverySameAsInvoice: false, deliveryAddress: { ...blank, city: 'Brno' } }, 'cs')[0].message).toBe(
      'Doplňte prosím doručovací adresu.',
    );
  });

  it('refuses a payment that does not go with the delivery', () => {
    expect(fields({ paymentMethod: { allowedForDelivery: false } })).toEqual(['paymentMethod']);
  });

  it('asks a cart of tickets only for no delivery, store, pick-up point or delivery address, only for a payment that fits it', () => {
    const ticketsOnly = { needsDelivery: false, deliveryMethod: null, deliverySameAsInvoice: false } as const;
    expect(fields(ticketsOnly)).toEqual([]);
    expect(fields({ ...ticketsOnly, paymentMethod: null, termsAccepted: false })).toEqual(['paymentMethod', 'terms']);
    expect(checkoutProblems({ ...complete, ...ticketsOnly, paymentMethod: { allowedForDelivery: false } }, 'en')).toEqual([
      { field: 'paymentMethod', message: 'This payment method cannot be used for an order of tickets only. Please select another one.' },
    ]);
  });

  it('needs company and a valid IČO when ordering for a company; DIČ only when given', () => {
    expect(fields({ forCompany: true })).toEqual(['invoiceAddress']);
    expect(fields({ forCompany: true, invoiceAddress: { ...address, company: 'Klub s.r.o.', ico: '25596641' } })).toEqual([]);
    expect(fields({ forCompany: true, invoiceAddress: { ...address, company: 'Klub s.r.o.', ico: '25596642' } })).toEqual(['invoiceAddress']);
    expect(fields({ forCompany: true, invoiceAddress: { ...address, company: 'Klub s.r.o.', ico: '25596641', dic: 'CZ25596641' } })).toEqual([]);
    expect(fields({ forCompany: true, invoiceAddress: { ...address, company: 'Klub s.r.o.', ico: '25596641', dic: 'CZ123' } })).toEqual(['invoiceAddress']);
  });

  it('does not accept whitespace as a filled-in field', () => {
    expect(fields({ invoiceAddress: { ...address, street: '   ' } })).toEqual(['invoiceAddress']);
  });
});

describe('address form schemas', () => {
  it('check postcodes by the chosen country and accept CZ and SK only', () => {
    expect(validateForm({ ...address, postcode: '811 01', country: 'SK' }, addressFormSchema, 'cs')).toEqual({});
    expect(validateForm({ ...address, postcode: '811 01', country: 'CZ' }, addressFormSchema, 'cs')).toEqual({ postcode: 'Zadejte platné PSČ.' });
    expect(validateForm({ ...address, country: 'DE' }, addressFormSchema, 'en')).toEqual({ country: 'Choose a country from the list.' });
  });

  it('make e-mail optional for the delivery address and every company field checked', () => {
    expect(validateForm({ ...address, email: '' }, deliveryAddressFormSchema, 'cs')).toEqual({});
    expect(validateForm({ company: '', ico: '', dic: '' }, companyFormSchema, 'cs')).toEqual({
      company: 'Toto pole je povinné.',
      ico: 'Toto pole je povinné.',
    });
  });
});
