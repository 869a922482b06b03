// The checkout's state without React or the network (web/app/features/checkout/checkout-state.ts):
// where it starts from, and what each of the shopper's and the server's moves changes.
import { describe, expect, it } from 'vitest';
import {
  allowedPayments,
  checkoutReducer,
  initialCheckoutState,
  keepsPayment,
  type CheckoutStart,
  type CheckoutState,
  type OrderChanged,
} from '../../../web/app/features/checkout/checkout-state.ts';
import type { CheckoutFormValues } from '../../../web/app/features/checkout/checkout-form.ts';
import { EMPTY_ADDRESS } from '../../../web/app/features/checkout/AddressFields.tsx';
import { BANK_TRANSFER_PAYMENT_CODE } from '../../../schema/rules/index.ts';

const SAVED: CheckoutStart['saved'] = {
  deliveryId: 'delivery-courier',
  storeId: null,
  pickupPointId: null,
  paymentId: 'payment-card',
  forCompany: false,
  sameAsInvoice: true,
  invoiceSavedId: 'address-1',
  deliverySavedId: null,
  note: 'Saved note',
  newsletter: false,
  surveyOptOut: false,
  reviewRequestOptOut: false,
  terms: false,
};

const POSTED: CheckoutFormValues = {
  deliveryMethodId: 'delivery-store',
  paymentMethodId: null,
  storeId: 'store-3',
  pickupPointId: null,
  pickupPointSearch: '',
  forCompany: true,
  deliverySameAsInvoice: false,
  invoice: EMPTY_ADDRESS,
  delivery: EMPTY_ADDRESS,
  note: 'Typed note',
  newsletter: true,
  surveyOptOut: true,
  reviewRequestOptOut: true,
  termsAccepted: true,
  revision: 'r1',
};

const CHANGED: OrderChanged = { __typename: 'OrderChangedError', cart: { __typename: 'Cart' } };

function fromCart(): CheckoutState {
  return initialCheckoutState({ saved: SAVED, posted: null, postedErrors: null, changed: null });
}

describe('where the checkout starts', () => {
  it('from what the cart saved, with nothing to fix and no draft read yet', () => {
    expect(fromCart()).toEqual({
      ...SAVED,
      noteError: null,
      problems: {},
      changed: null,
      captchaNeeded: false,
      draftRead: false,
      placed: false,
      savesInFlight: 0,
    });
  });

  it('from a refused post without JavaScript: what was typed wins, with its messages and report', () => {
    const state = initialCheckoutState({
      saved: SAVED,
      posted: POSTED,
      postedErrors: { note: 'Too long', other: { terms: 'Accept the terms' } },
      changed: CHANGED,
    });
    expect(state).toMatchObject({
      deliveryId: 'delivery-store',
      storeId: 'store-3',
      // a choice the post left empty falls back to the cart's
      paymentId: 'payment-card',
      forCompany: true,
      sameAsInvoice: false,
      note: 'Typed note',
      noteError: 'Too long',
      newsletter: true,
      reviewRequestOptOut: true,
      terms: true,
      problems: { terms: 'Accept the terms' },
      changed: CHANGED,
      // the saved addresses the pickers show come from the cart either way
      invoiceSavedId: 'address-1',
    });
  });
});

describe('the choices saved at once', () => {
  const withProblems: CheckoutState = { ...fromCart(), problems: { deliveryMethod: 'Choose', paymentMethod: 'Choose', store: 'Choose', terms: 'Accept' } };

  it('a delivery that allows the chosen payment keeps it and clears both messages', () => {
    const state = checkoutReducer(withProblems, { type: 'deliveryChosen', id: 'delivery-post', allowedPaymentIds: ['payment-card', 'payment-cod'] });
    expect(state.deliveryId).toBe('delivery-post');
    expect(state.paymentId).toBe('payment-card');
    expect(state.problems).toEqual({ deliveryMethod: undefined, paymentMethod: undefined, store: 'Choose', terms: 'Accept' });
  });

  it('a delivery that does not allow the chosen payment drops it', () => {
    const state = checkoutReducer(withProblems, { type: 'deliveryChosen', id: 'delivery-post', allowedPaymentIds: ['payment-cod'] });
    expect(state.paymentId).toBeNull();
  });

  it('keepsPayment: only a chosen payment among the delivery’s', () => {
    expect(keepsPayment('payment-card', ['payment-card'])).toBe(true);
    expect(keepsPayment('payment-card', ['payment-cod'])).toBe(false);
    expect(keepsPayment(null, ['payment-cod'])).toBe(false);
  });

  it('a store, a pick-up point and a payment are set and their own message goes', () => {
    const problems = { store: 'Choose', pickupPoint: 'Choose', paymentMethod: 'Choose' };
    const start = { ...fromCart(), problems };
    expect(checkoutReducer(start, { type: 'storeChosen', id: 'store-1' })).toMatchObject({ storeId: 'store-1', problems: { ...problems, store: undefined } });
    expect(checkoutReducer(start, { type: 'pickupPointChosen', id: 'point-9' })).toMatchObject({
      pickupPointId: 'point-9',
      problems: { ...problems, pickupPoint: undefined },
    });
    expect(checkoutReducer(start, { type: 'paymentChosen', id: 'payment-cod' })).toMatchObject({
      paymentId: 'payment-cod',
      problems: { ...problems, paymentMethod: undefined },
    });
  });
});

describe('what the shopper types', () => {
  it('a changed note drops the note’s message; accepted terms drop theirs', () => {
    const start = { ...fromCart(), noteError: 'Too long', problems: { terms: 'Accept', store: 'Choose' } };
    expect(checkoutReducer(start, { type: 'noteChanged', value: 'Ring twice' })).toMatchObject({ note: 'Ring twice', noteError: null });
    expect(checkoutReducer(start, { type: 'termsChanged', accepted: true })).toMatchObject({ terms: true, problems: { terms: undefined, store: 'Choose' } });
  });

  it('the switches and the saved-address pickers set their value only', () => {
    const start = fromCart();
    expect(checkoutReducer(start, { type: 'forCompanySet', value: true })).toEqual({ ...start, forCompany: true });
    expect(checkoutReducer(start, { type: 'sameAsInvoiceSet', value: false })).toEqual({ ...start, sameAsInvoice: false });
    expect(checkoutReducer(start, { type: 'newsletterSet', value: true })).toEqual({ ...start, newsletter: true });
    expect(checkoutReducer(start, { type: 'surveyOptOutSet', value: true })).toEqual({ ...start, surveyOptOut: true });
    expect(checkoutReducer(start, { type: 'invoiceSavedIdSet', id: null })).toEqual({ ...start, invoiceSavedId: null });
    expect(checkoutReducer(start, { type: 'deliverySavedIdSet', id: 'address-2' })).toEqual({ ...start, deliverySavedId: 'address-2' });
  });

  it('a draft read after hydration restores what was typed; without one only the reading is noted', () => {
    const draft = { forCompany: true, sameAsInvoice: false, invoiceSavedId: null, deliverySavedId: 'address-2', note: 'Draft note', newsletter: true, terms: true };
    // the draft in storage carries more (the cart, the addresses): none of it lands in this state
    const stored = { ...draft, cartId: 'cart-1', invoice: EMPTY_ADDRESS, delivery: EMPTY_ADDRESS, invalid: { invoice: [], delivery: [] } };
    expect(checkoutReducer(fromCart(), { type: 'draftRead', draft: stored })).toEqual({ ...fromCart(), ...draft, draftRead: true });
    expect(checkoutReducer(fromCart(), { type: 'draftRead', draft: null })).toEqual({ ...fromCart(), draftRead: true });
  });

  it('a draft keeps the questionnaire’s opt-out; one written before the opt-out existed keeps the page’s', () => {
    const base = { forCompany: false, sameAsInvoice: true, invoiceSavedId: null, deliverySavedId: null, note: '', newsletter: false, terms: false };
    expect(checkoutReducer(fromCart(), { type: 'draftRead', draft: { ...base, surveyOptOut: true } }).surveyOptOut).toBe(true);
    const ticked = { ...fromCart(), surveyOptOut: true };
    expect(checkoutReducer(ticked, { type: 'draftRead', draft: base }).surveyOptOut).toBe(true);
  });
});

describe('what the server and the submit answer', () => {
  it('field errors land on the note and on the choices only, added to the messages shown', () => {
    const start = { ...fromCart(), noteError: 'Earlier', problems: { terms: 'Accept' } };
    const state = checkoutReducer(start, { type: 'fieldErrorsShown', note: null, other: { store: 'Unknown store', captcha: 'Solve it', vouchers: 'Invalid' } });
    // a field error without a place among the choices (the captcha's) is shown elsewhere
    expect(state.problems).toEqual({ terms: 'Accept', store: 'Unknown store' });
    expect(state.noteError).toBe('Earlier');
    expect(checkoutReducer(start, { type: 'fieldErrorsShown', note: 'Too long', other: {} }).noteError).toBe('Too long');
  });

  it('the submit’s check replaces the messages and drops the last what-changed report', () => {
    const start = { ...fromCart(), changed: CHANGED, problems: { store: 'Choose' }, noteError: 'Too long' };
    expect(checkoutReducer(start, { type: 'submitChecked', noteError: null, problems: { terms: 'Accept' } })).toMatchObject({
      changed: null,
      noteError: null,
      problems: { terms: 'Accept' },
    });
  });

  it('the saved checkout’s problems replace those shown', () => {
    const start = { ...fromCart(), problems: { store: 'Choose' } };
    expect(checkoutReducer(start, { type: 'serverProblems', problems: { paymentMethod: 'Not with this delivery' } }).problems).toEqual({
      paymentMethod: 'Not with this delivery',
    });
  });

  it('an order refused as changed shows its report; a placed order and an asked-for captcha are remembered', () => {
    expect(checkoutReducer(fromCart(), { type: 'orderChanged', changed: CHANGED }).changed).toBe(CHANGED);
    expect(checkoutReducer(fromCart(), { type: 'orderPlaced' }).placed).toBe(true);
    expect(checkoutReducer(fromCart(), { type: 'captchaNeededSet', needed: true }).captchaNeeded).toBe(true);
  });

  it('counts the saves on their way, so "Buy" waits until the last of two overlapping saves is answered', () => {
    const reduce = (state: CheckoutState, type: 'saveStarted' | 'saveFinished') => checkoutReducer(state, { type });
    expect(fromCart().savesInFlight).toBe(0);
    const two = reduce(reduce(fromCart(), 'saveStarted'), 'saveStarted');
    // the later save answered first: one is still on its way
    expect(reduce(two, 'saveFinished').savesInFlight).toBe(1);
    expect(reduce(reduce(two, 'saveFinished'), 'saveFinished').savesInFlight).toBe(0);
    // never below none
    expect(reduce(fromCart(), 'saveFinished').savesInFlight).toBe(0);
  });

  it('leaves the state it is given as it was', () => {
    const start = fromCart();
    const copy = structuredClone(start);
    checkoutReducer(start, { type: 'deliveryChosen', id: 'delivery-post', allowedPaymentIds: [] });
    checkoutReducer(start, { type: 'fieldErrorsShown', note: 'x', other: { store: 'y' } });
    expect(start).toEqual(copy);
  });
});

describe('the payments offered', () => {
  const card = { id: 'card', code: 'card', withoutDelivery: true };
  const transfer = { id: 'transfer', code: BANK_TRANSFER_PAYMENT_CODE, withoutDelivery: true };
  const cod = { id: 'cod', code: 'cod', withoutDelivery: false };
  const payments = [card, transfer, cod];
  const courier = { paymentMethods: [{ id: 'card' }, { id: 'cod' }] };

  it('before a delivery is chosen all of them; after, those that go with it', () => {
    expect(allowedPayments(payments, { needsDelivery: true, delivery: null, bankTransferUnavailable: false })).toEqual(payments);
    expect(allowedPayments(payments, { needsDelivery: true, delivery: courier, bankTransferUnavailable: false })).toEqual([card, cod]);
  });

  it('a cart without delivery (tickets only) gets those that need none', () => {
    expect(allowedPayments(payments, { needsDelivery: false, delivery: null, bankTransferUnavailable: false })).toEqual([card, transfer]);
  });

  it('leaves out the bank transfer when the match is too near', () => {
    expect(allowedPayments(payments, { needsDelivery: false, delivery: null, bankTransferUnavailable: true })).toEqual([card]);
  });
});
