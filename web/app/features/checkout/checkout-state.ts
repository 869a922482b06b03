// The checkout's own state (/pokladna) and how each thing the shopper or the server does changes it:
// a pure reducer, without React and without the network (useCheckout.ts wires it to them). The address
// forms keep their own state (components/ui/form); this is everything else the page remembers.
import { BANK_TRANSFER_PAYMENT_CODE, type CheckoutField } from '../../../../schema/rules/index.ts';
import type { PlaceOrderMutation } from '~/gql/graphql';
import type { CheckoutDraft } from './checkout-draft.ts';
import type { CheckoutFormValues } from './checkout-form.ts';

/** The what-changed report of an order refused because the cart changed after the shopper saw it. */
export type OrderChanged = Extract<PlaceOrderMutation['placeOrder'], { __typename: 'OrderChangedError' }>;

/** A message per choice the shopper has to fix (and one for an invalid voucher). */
export type Problems = Partial<Record<CheckoutField | 'vouchers', string>>;

/** The choices a server's field error may land on (the addresses and the note have their own places). */
const PROBLEM_FIELDS: readonly string[] = ['deliveryMethod', 'store', 'pickupPoint', 'paymentMethod', 'invoiceAddress', 'deliveryAddress', 'terms'];

export type CheckoutState = {
  /** Choices saved at once; shown from the server's answer, or the click while it is on its way. */
  deliveryId: string | null;
  storeId: string | null;
  pickupPointId: string | null;
  paymentId: string | null;
  forCompany: boolean;
  sameAsInvoice: boolean;
  /** The saved addresses the pickers show as chosen. */
  invoiceSavedId: string | null;
  deliverySavedId: string | null;
  note: string;
  noteError: string | null;
  newsletter: boolean;
  surveyOptOut: boolean;
  reviewRequestOptOut: boolean;
  terms: boolean;
  problems: Problems;
  changed: OrderChanged | null;
  /** The server asked for a captcha once: every later order of this page solves one first. */
  captchaNeeded: boolean;
  /** The draft of this tab (checkout-draft.ts) was read after hydration; only then is one written. */
  draftRead: boolean;
  /** The order was placed: the draft is gone and none is written again. */
  placed: boolean;
  /**
   * Saves of the form sent and not yet answered. "Buy" waits for all of them: a save answered after the
   * click would bring a price the shopper has not seen (useMutation's `loading` follows only the latest).
   */
  savesInFlight: number;
};

/** What the draft keeps of this state (the address forms' values go with it). */
export type DraftChoices = Pick<
  CheckoutDraft,
  'forCompany' | 'sameAsInvoice' | 'invoiceSavedId' | 'deliverySavedId' | 'note' | 'newsletter' | 'surveyOptOut' | 'reviewRequestOptOut' | 'terms'
>;

/** What the cart saved (with the customer's saved defaults where it saved nothing). */
export type SavedChoices = DraftChoices & Pick<CheckoutState, 'deliveryId' | 'storeId' | 'pickupPointId' | 'paymentId' | 'surveyOptOut'>;

export type CheckoutStart = {
  saved: SavedChoices;
  /** The form posted without JavaScript and refused: what was typed wins over what the cart saved. */
  posted: CheckoutFormValues | null;
  /** The refused post's messages for the note and the choices. */
  postedErrors: { note: string | null; other: Record<string, string> } | null;
  changed: OrderChanged | null;
};

export function initialCheckoutState({ saved, posted, postedErrors, changed }: CheckoutStart): CheckoutState {
  return {
    deliveryId: posted?.deliveryMethodId ?? saved.deliveryId,
    storeId: posted?.storeId ?? saved.storeId,
    pickupPointId: posted?.pickupPointId ?? saved.pickupPointId,
    paymentId: posted?.paymentMethodId ?? saved.paymentId,
    forCompany: posted ? posted.forCompany : saved.forCompany,
    sameAsInvoice: posted ? posted.deliverySameAsInvoice : saved.sameAsInvoice,
    invoiceSavedId: saved.invoiceSavedId,
    deliverySavedId: saved.deliverySavedId,
    note: posted ? posted.note : saved.note,
    noteError: postedErrors?.note ?? null,
    newsletter: posted ? posted.newsletter : saved.newsletter,
    surveyOptOut: posted ? posted.surveyOptOut : saved.surveyOptOut,
    reviewRequestOptOut: posted ? posted.reviewRequestOptOut : (saved.reviewRequestOptOut ?? false),
    terms: posted ? posted.termsAccepted : saved.terms,
    problems: (postedErrors?.other ?? {}) as Problems,
    changed,
    captchaNeeded: false,
    draftRead: false,
    placed: false,
    savesInFlight: 0,
  };
}

export type CheckoutAction =
  /** `allowedPaymentIds`: the payments that go with the new delivery. */
  | { type: 'deliveryChosen'; id: string; allowedPaymentIds: readonly string[] }
  | { type: 'storeChosen'; id: string }
  | { type: 'pickupPointChosen'; id: string }
  | { type: 'paymentChosen'; id: string }
  | { type: 'forCompanySet'; value: boolean }
  | { type: 'sameAsInvoiceSet'; value: boolean }
  | { type: 'invoiceSavedIdSet'; id: string | null }
  | { type: 'deliverySavedIdSet'; id: string | null }
  | { type: 'noteChanged'; value: string }
  | { type: 'newsletterSet'; value: boolean }
  | { type: 'surveyOptOutSet'; value: boolean }
  | { type: 'reviewRequestOptOutSet'; value: boolean }
  | { type: 'termsChanged'; accepted: boolean }
  /** After hydration: this tab's draft (null: none), read once. */
  | { type: 'draftRead'; draft: DraftChoices | null }
  /** The server refused a save or the order with field errors (placeOfFieldErrors' note and other). */
  | { type: 'fieldErrorsShown'; note: string | null; other: Record<string, string> }
  /** The submit's own check: the note's message and the choices' problems, the last report gone. */
  | { type: 'submitChecked'; noteError: string | null; problems: Problems }
  /** The saved checkout's problems, as the server judged them. */
  | { type: 'serverProblems'; problems: Problems }
  | { type: 'orderChanged'; changed: OrderChanged }
  | { type: 'orderPlaced' }
  | { type: 'captchaNeededSet'; needed: boolean }
  | { type: 'saveStarted' }
  | { type: 'saveFinished' };

/** Whether the chosen payment goes with a delivery whose payments are `allowedPaymentIds`. */
export function keepsPayment(paymentId: string | null, allowedPaymentIds: readonly string[]): boolean {
  return paymentId !== null && allowedPaymentIds.includes(paymentId);
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'deliveryChosen':
      return {
        ...state,
        deliveryId: action.id,
        // a payment that does not go with the new delivery is dropped rather than left to fail
        paymentId: keepsPayment(state.paymentId, action.allowedPaymentIds) ? state.paymentId : null,
        problems: { ...state.problems, deliveryMethod: undefined, paymentMethod: undefined },
      };
    case 'storeChosen':
      return { ...state, storeId: action.id, problems: { ...state.problems, store: undefined } };
    case 'pickupPointChosen':
      return { ...state, pickupPointId: action.id, problems: { ...state.problems, pickupPoint: undefined } };
    case 'paymentChosen':
      return { ...state, paymentId: action.id, problems: { ...state.problems, paymentMethod: undefined } };
    case 'forCompanySet':
      return { ...state, forCompany: action.value };
    case 'sameAsInvoiceSet':
      return { ...state, sameAsInvoice: action.value };
    case 'invoiceSavedIdSet':
      return { ...state, invoiceSavedId: action.id };
    case 'deliverySavedIdSet':
      return { ...state, deliverySavedId: action.id };
    case 'noteChanged':
      return { ...state, note: action.value, noteError: null };
    case 'newsletterSet':
      return { ...state, newsletter: action.value };
    case 'surveyOptOutSet':
      return { ...state, surveyOptOut: action.value };
    case 'reviewRequestOptOutSet':
      return { ...state, reviewRequestOptOut: action.value };
    case 'termsChanged':
      return { ...state, terms: action.accepted, problems: { ...state.problems, terms: undefined } };
    case 'draftRead': {
      if (!action.draft) return { ...state, draftRead: true };
      const { forCompany, sameAsInvoice, invoiceSavedId, deliverySavedId, note, newsletter, terms } = action.draft;
      // a draft written before the opt-out existed keeps the page's own
      const surveyOptOut = action.draft.surveyOptOut ?? state.surveyOptOut;
      // drafts kept before the review opt-out existed lack it: not opted out
      const reviewRequestOptOut = action.draft.reviewRequestOptOut ?? false;
      return { ...state, forCompany, sameAsInvoice, invoiceSavedId, deliverySavedId, note, newsletter, surveyOptOut, reviewRequestOptOut, terms, draftRead: true };
    }
    case 'fieldErrorsShown': {
      const other = Object.fromEntries(Object.entries(action.other).filter(([field]) => PROBLEM_FIELDS.includes(field)));
      return { ...state, noteError: action.note ?? state.noteError, problems: { ...state.problems, ...other } };
    }
    case 'submitChecked':
      return { ...state, changed: null, noteError: action.noteError, problems: action.problems };
    case 'serverProblems':
      return { ...state, problems: action.problems };
    case 'orderChanged':
      return { ...state, changed: action.changed };
    case 'orderPlaced':
      return { ...state, placed: true };
    case 'captchaNeededSet':
      return { ...state, captchaNeeded: action.needed };
    case 'saveStarted':
      return { ...state, savesInFlight: state.savesInFlight + 1 };
    case 'saveFinished':
      return { ...state, savesInFlight: Math.max(0, state.savesInFlight - 1) };
  }
}

/**
 * The payments the page offers. A cart of match tickets only (no delivery: they go by e-mail) has
 * those that need no delivery; otherwise those that go with the chosen delivery, or all before one is
 * chosen. A bank transfer is left out when the tickets' match is too near to pay that way.
 */
export function allowedPayments<Payment extends { id: string; code: string; withoutDelivery: boolean }>(
  payments: readonly Payment[],
  { needsDelivery, delivery, bankTransferUnavailable }: { needsDelivery: boolean; delivery: { paymentMethods: readonly { id: string }[] } | null; bankTransferUnavailable: boolean },
): Payment[] {
  const offered = !needsDelivery
    ? payments.filter((method) => method.withoutDelivery)
    : delivery
      ? payments.filter((method) => delivery.paymentMethods.some((allowed) => allowed.id === method.id))
      : [...payments];
  return bankTransferUnavailable ? offered.filter((method) => method.code !== BANK_TRANSFER_PAYMENT_CODE) : offered;
}
