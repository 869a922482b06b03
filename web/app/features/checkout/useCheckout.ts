// What the checkout's controls do (/pokladna): the wiring of its state (checkout-state.ts, a pure
// reducer) to Apollo, the captcha, the address forms and the draft. Choices of delivery, store and payment
// are saved at once (the server prices them and says which payments go with the delivery); the
// addresses, note and consents are checked here with the shared schemas and saved on submit, then the
// order is placed against the revision the shopper saw. The server's field errors land on the fields,
// and what the shopper typed is never thrown away. Without JavaScript the form posts to the page's
// action instead, and what it answered (useActionData) is where this state starts.
import { useEffect, useMemo, useReducer, useRef, type FormEvent } from 'react';
import { useActionData, useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql } from '~/gql';
import type { CheckoutInput, CheckoutPageQuery } from '~/gql/graphql';
import { useTranslation } from '../../i18n/index.ts';
import { useLanguage } from '../../language.ts';
import { sessionCartIs } from '../../apollo/cache.ts';
import { errorOf } from '../../apollo/errors.ts';
import { priceOf } from '../../components/ui/Money.tsx';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { focusFirstInvalid, useForm } from '../../components/ui/form/index.ts';
import { runWithCaptcha, useCaptcha } from '../captcha/useCaptcha.ts';
import { useHydrated } from '../../forms/FormToken.tsx';
import { addressValues, SavedAddressFieldsFragment, type AddressValues } from './AddressFields.tsx';
import type { PickupPointHits } from './PickupPointPicker.tsx';
import { isUnchanged } from './SavedAddressPicker.tsx';
import { savedDefaults } from './saved-defaults.ts';
import { afterOrderPath, useConversionPage } from '../conversions/after-order.ts';
import { clearDraft, draftStorage, readDraft, writeDraft, type CheckoutDraft } from './checkout-draft.ts';
import { addressInput, placeOfFieldErrors, type CheckoutFieldError, type CheckoutFormValues } from './checkout-form.ts';
import { allowedPayments, checkoutReducer, initialCheckoutState, keepsPayment, type OrderChanged } from './checkout-state.ts';
import {
  addressFormSchema,
  checkoutProblems,
  companyFormSchema,
  deliveryAddressFormSchema,
  noteRules,
  validateField,
  validateForm,
  type FormSchema,
} from '../../../../schema/rules/index.ts';

/** An address the cart keeps, as the checkout's forms start from it. */
export const CheckoutAddressFieldsFragment = graphql(`
  fragment CheckoutAddressFields on PostalAddress {
    firstName
    lastName
    email
    phone
    street
    city
    postcode
    country
    company
    ico
    dic
    savedAddressId
  }
`);

/**
 * The cart as the checkout shows and edits it; every checkout mutation answers with it. The header's
 * count and total come along, so they follow too.
 */
export const CheckoutCartFieldsFragment = graphql(`
  fragment CheckoutCartFields on Cart {
    id
    itemCount
    tickets {
      id
    }
    total {
      ...PriceFields
    }
    goodsToPay {
      ...PriceFields
    }
    vouchers {
      code
      valid
    }
    ...CheckoutSummaryFields
    checkout {
      revision
      canPlaceOrder
      needsDelivery
      bankTransferUnavailable
      problems {
        field
        message
      }
      deliveryMethod {
        id
      }
      paymentMethod {
        id
      }
      store {
        id
      }
      pickupPoint {
        id
        ...PickupPointFields
      }
      forCompany
      deliverySameAsInvoice
      note
      newsletter
      surveyOptOut
      surveyOffered
      reviewRequestOptOut
      termsAccepted
      invoiceAddress {
        ...CheckoutAddressFields
      }
      deliveryAddress {
        ...CheckoutAddressFields
      }
      totals {
        products {
          ...PriceFields
        }
      }
    }
  }
`);

export const UpdateCheckoutMutation = graphql(`
  mutation UpdateCheckout($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        ...CheckoutCartFields
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on Order {
        databaseId
        hash
        number
      }
      ... on OrderChangedError {
        ...OrderChangesFields
        cart {
          ...CheckoutCartFields
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

/** The checkout without JavaScript after the captcha was asked for: the order is confirmed by a link sent to its e-mail. */
export const RequestOrderConfirmationMutation = graphql(`
  mutation RequestOrderConfirmation($input: PlaceOrderInput!) {
    requestOrderConfirmation(input: $input) {
      __typename
      ... on OrderConfirmationRequest {
        email
        validMinutes
      }
      ... on OrderChangedError {
        ...OrderChangesFields
        cart {
          ...CheckoutCartFields
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export type { OrderChanged };

/** A refused post of the checkout form without JavaScript: what was typed, and why (docs/decisions/0020). */
export type CheckoutActionData = {
  values: CheckoutFormValues;
  fieldErrors: CheckoutFieldError[];
  message: string | null;
  changed: OrderChanged | null;
  /** The pick-up point search posted without JavaScript, and the points it found. */
  pickupPoints?: { search: string; hits: PickupPointHits } | null;
  /** Without JavaScript: the link that confirms the order went to its e-mail (instead of the captcha). */
  notice?: string | null;
};

export type CheckoutPage = CheckoutPageQuery & { cart: NonNullable<CheckoutPageQuery['cart']> };
/** A draft's fields as typed (checkout-draft.ts), without its cart and its fields with messages. */
type TypedDraft = Omit<CheckoutDraft, 'cartId' | 'invalid'>;

const DELIVERY_FIELDS = Object.keys(deliveryAddressFormSchema) as (keyof AddressValues)[];

/** The keyboard goes to the first field or choice the shopper has to fix (the choices are no form fields). */
function focusFirstError() {
  requestAnimationFrame(() => focusFirstInvalid(document, '.checkout [aria-invalid="true"], .checkout .choice-group--invalid input'));
}

export function useCheckout(page: CheckoutPage) {
  const { t } = useTranslation();
  const language = useLanguage();
  const conversionPage = useConversionPage();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const { deliveryMethods, paymentMethods, me } = page;
  const cart = getFragmentData(CheckoutCartFieldsFragment, page.cart);
  const checkout = cart.checkout;
  const [update] = useMutation(UpdateCheckoutMutation);
  // the server closed this cart: the session has none now (the header shows an empty one)
  const [place, { loading: placing }] = useMutation(PlaceOrderMutation, {
    update: (cache, { data }) => {
      if (data?.placeOrder.__typename === 'Order') sessionCartIs(cache, null);
    },
  });
  // Without JavaScript the form posts to the page (its action); what it answered is shown here.
  const submitted = useActionData<CheckoutActionData>() ?? null;
  const posted = submitted?.values ?? null;
  const placedErrors = submitted ? placeOfFieldErrors(submitted.fieldErrors) : null;
  const captcha = useCaptcha('PLACE_ORDER');
  const hydrated = useHydrated();

  const savedAddresses = getFragmentData(SavedAddressFieldsFragment, me?.addresses ?? []);
  const invoiceAddress = getFragmentData(CheckoutAddressFieldsFragment, checkout.invoiceAddress);
  const deliveryAddress = getFragmentData(CheckoutAddressFieldsFragment, checkout.deliveryAddress);
  // a customer starts from her saved invoice details and default delivery address
  const defaults = savedDefaults(savedAddresses, invoiceAddress !== null || deliveryAddress !== null);
  const defaultForCompany = defaults.invoice !== null && (defaults.invoice.company !== '' || defaults.invoice.ico !== '');
  const [state, dispatch] = useReducer(checkoutReducer, null, () =>
    initialCheckoutState({
      saved: {
        deliveryId: checkout.deliveryMethod?.id ?? null,
        storeId: checkout.store?.id ?? null,
        pickupPointId: checkout.pickupPoint?.id ?? null,
        paymentId: checkout.paymentMethod?.id ?? null,
        forCompany: checkout.forCompany || defaultForCompany,
        sameAsInvoice: checkout.deliverySameAsInvoice && defaults.delivery === null,
        invoiceSavedId: invoiceAddress?.savedAddressId ?? defaults.invoice?.id ?? null,
        deliverySavedId: deliveryAddress?.savedAddressId ?? defaults.delivery?.id ?? null,
        note: checkout.note,
        newsletter: checkout.newsletter,
        surveyOptOut: checkout.surveyOptOut,
        reviewRequestOptOut: checkout.reviewRequestOptOut,
        terms: checkout.termsAccepted,
      },
      posted,
      postedErrors: placedErrors,
      changed: submitted?.changed ?? null,
    }),
  );
  const { deliveryId, storeId, pickupPointId, paymentId, forCompany, sameAsInvoice, invoiceSavedId, deliverySavedId, note, newsletter, surveyOptOut, reviewRequestOptOut, terms } = state;

  const invoiceSchema = useMemo(() => (forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema), [forCompany]);
  const invoiceForm = useForm<AddressValues>({
    initialValues: posted
      ? posted.invoice
      : addressValues(invoiceAddress ?? defaults.invoice, me ? { email: me.email, firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? '' } : {}),
    initialErrors: placedErrors?.invoice,
    schema: invoiceSchema,
    locale: language,
  });
  const deliveryForm = useForm<AddressValues>({
    initialValues: posted ? posted.delivery : addressValues(deliveryAddress ?? defaults.delivery),
    initialErrors: placedErrors?.delivery,
    schema: deliveryAddressFormSchema,
    locale: language,
  });

  // What was typed survives a switch of the language (checkout-draft.ts): read once after hydration
  // (the server rendered what the cart saved), then kept as the shopper changes it.
  useEffect(() => {
    const draft = posted ? null : readDraft(draftStorage(), cart.id);
    if (draft) {
      const schema = draft.forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema;
      const messagesOf = (values: AddressValues, rules: FormSchema, names: string[]) =>
        Object.fromEntries(Object.entries(validateForm(values, rules, language)).filter(([name]) => names.includes(name)));
      invoiceForm.reset(draft.invoice);
      deliveryForm.reset(draft.delivery);
      // the messages the shopper saw, now in this page's language
      invoiceForm.setServerErrors(messagesOf(draft.invoice, schema, draft.invalid.invoice), { focus: false });
      deliveryForm.setServerErrors(messagesOf(draft.delivery, deliveryAddressFormSchema, draft.invalid.delivery), { focus: false });
    }
    dispatch({ type: 'draftRead', draft });
    // once, on the page's first render in the browser
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const typed = JSON.stringify({
    invoice: invoiceForm.values,
    delivery: deliveryForm.values,
    forCompany,
    sameAsInvoice,
    invoiceSavedId,
    deliverySavedId,
    note,
    newsletter,
    surveyOptOut,
    reviewRequestOptOut,
    terms,
  });
  const typedAtStart = useRef(typed);
  const invalidFields = JSON.stringify({ invoice: Object.keys(invoiceForm.errors), delivery: Object.keys(deliveryForm.errors) });
  useEffect(() => {
    if (!state.draftRead || state.placed) return;
    // nothing changed since the server's page: no draft, so a later visit starts from the cart again
    if (typed === typedAtStart.current) clearDraft(draftStorage());
    else writeDraft(draftStorage(), { cartId: cart.id, ...(JSON.parse(typed) as TypedDraft), invalid: JSON.parse(invalidFields) as CheckoutDraft['invalid'] });
  }, [state.draftRead, state.placed, typed, invalidFields, cart.id]);

  // a cart of match tickets only has no delivery (its tickets go by e-mail) and its own payments
  const needsDelivery = checkout.needsDelivery;
  const delivery = needsDelivery ? (deliveryMethods.find((method) => method.id === deliveryId) ?? null) : null;
  // tickets whose match is too near to pay by transfer: the method is left out and the page says why
  const bankTransferUnavailable = checkout.bankTransferUnavailable ?? null;
  const payments = allowedPayments(paymentMethods, { needsDelivery, delivery, bankTransferUnavailable: Boolean(bankTransferUnavailable) });
  const needsDeliveryAddress = delivery !== null && !delivery.isPickup && !delivery.needsPickupPoint && !sameAsInvoice;
  const invalidVoucher = cart.vouchers.find((voucher) => !voucher.valid);
  const choices = (fields: { termsAccepted: boolean; invoiceAddress: AddressValues | Record<string, never>; forCompany: boolean; deliveryAddress: AddressValues | null }) => ({
    needsDelivery,
    deliveryMethod: delivery,
    storeChosen: storeId !== null,
    pickupPoint: pickupPointId !== null ? ('open' as const) : null,
    paymentMethod: paymentId ? { allowedForDelivery: payments.some((method) => method.id === paymentId) } : null,
    deliverySameAsInvoice: !needsDeliveryAddress,
    ...fields,
  });
  // What the submit waits for (spec section 4): the required choices, and no invalid voucher.
  const missingChoices = checkoutProblems(choices({ termsAccepted: true, invoiceAddress: {}, forCompany: false, deliveryAddress: null }), language).filter(
    (problem) => problem.field !== 'invoiceAddress' && problem.field !== 'deliveryAddress',
  );
  const blocked = missingChoices.length > 0 || invalidVoucher !== undefined;

  const showFieldErrors = (fieldErrors: readonly CheckoutFieldError[]) => {
    const placed = placeOfFieldErrors(fieldErrors);
    dispatch({ type: 'fieldErrorsShown', note: placed.note, other: placed.other });
    if (Object.keys(placed.invoice).length) invoiceForm.setServerErrors(placed.invoice);
    if (Object.keys(placed.delivery).length) deliveryForm.setServerErrors(placed.delivery);
  };

  // Saves go one after another: two on their way at once may be applied by the server in either order,
  // and "courier" (which drops the payment) applied after "cash on delivery" would lose the payment shown.
  const savesQueue = useRef<Promise<unknown>>(Promise.resolve());
  const save = (input: CheckoutInput) => {
    dispatch({ type: 'saveStarted' });
    const answered = savesQueue.current.then(() => send(input));
    savesQueue.current = answered;
    return answered;
  };

  const send = async (input: CheckoutInput) => {
    try {
      const result = await update({ variables: { input } });
      const outcome = result.data?.updateCheckout;
      if (outcome?.__typename === 'Cart') return getFragmentData(CheckoutCartFieldsFragment, outcome);
      if (outcome) {
        const error = errorOf(outcome);
        showFieldErrors(error.fieldErrors);
        notify('error', error.message);
      }
    } catch {
      notify('error', t('error.generic'));
    } finally {
      dispatch({ type: 'saveFinished' });
    }
    return null;
  };

  const chooseDelivery = (id: string) => {
    const allowedPaymentIds = deliveryMethods.find((candidate) => candidate.id === id)?.paymentMethods.map((allowed) => allowed.id) ?? [];
    dispatch({ type: 'deliveryChosen', id, allowedPaymentIds });
    // A payment that does not go with the new delivery is dropped rather than left to fail.
    void save({ deliveryMethodId: id, ...(keepsPayment(paymentId, allowedPaymentIds) ? {} : { paymentMethodId: null }) });
  };

  const chooseStore = (id: string) => {
    dispatch({ type: 'storeChosen', id });
    void save({ storeId: id });
  };

  const choosePickupPoint = (id: string) => {
    dispatch({ type: 'pickupPointChosen', id });
    void save({ pickupPointId: id });
  };

  const choosePayment = (id: string) => {
    dispatch({ type: 'paymentChosen', id });
    void save({ paymentMethodId: id });
  };

  const placeWith = async (revision: string) => {
    try {
      const run = async (token: string | null) => (await place({ variables: { input: { revision, captcha: token } } })).data?.placeOrder;
      // after the first order from one address the server asks for a captcha: solved here, then placed again
      const needed = { captchaNeeded: state.captchaNeeded, setCaptchaNeeded: (value: boolean) => dispatch({ type: 'captchaNeededSet', needed: value }) };
      const answered = await runWithCaptcha(captcha, needed, run);
      if (!answered) return;
      const { outcome } = answered;
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'Order') {
        dispatch({ type: 'orderPlaced' });
        clearDraft(draftStorage());
        // the thank-you page loads as a page of its own: its CSP is the one its conversion scripts need
        if (conversionPage) window.location.assign(afterOrderPath(true, language, outcome));
        else await navigate(afterOrderPath(false, language, outcome));
        return;
      }
      if (outcome.__typename === 'OrderChangedError') {
        dispatch({ type: 'orderChanged', changed: outcome });
        return;
      }
      const error = errorOf(outcome);
      if (outcome.__typename === 'ValidationError') {
        const captchaError = error.fieldErrors.find((entry) => entry.field === 'captcha')?.message;
        captcha.setServerError(captchaError);
        if (captchaError) return;
        showFieldErrors(error.fieldErrors);
      }
      notify('error', error.message);
      focusFirstError();
    } catch {
      notify('error', t('checkout.cannotSubmit'));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The order is placed against what the shopper has on the screen now, not against what saving
    // the form answers: a price that changed meanwhile must come back as the what-changed report.
    const seenRevision = checkout.revision;
    const invoiceOk = invoiceForm.validateAll();
    const deliveryOk = needsDeliveryAddress ? deliveryForm.validateAll() : true;
    const noteProblem = validateField(note, noteRules, language, {});
    const local = checkoutProblems(
      choices({ termsAccepted: terms, invoiceAddress: invoiceForm.values, forCompany, deliveryAddress: needsDeliveryAddress ? deliveryForm.values : null }),
      language,
    );
    dispatch({ type: 'submitChecked', noteError: noteProblem, problems: Object.fromEntries(local.map((p) => [p.field, p.message])) });
    if (!invoiceOk || !deliveryOk || noteProblem || local.length > 0) {
      notify('error', t('checkout.cannotSubmit'));
      focusFirstError();
      return;
    }
    const invoiceSaved = savedAddresses.find((address) => address.id === invoiceSavedId);
    const deliverySaved = savedAddresses.find((address) => address.id === deliverySavedId);
    const invoiceFields = Object.keys(invoiceSchema) as (keyof AddressValues)[];
    const saved = await save({
      forCompany,
      ...(invoiceSaved && isUnchanged(invoiceForm.values, invoiceSaved, invoiceFields)
        ? { invoiceAddressId: invoiceSaved.id }
        : { invoiceAddress: addressInput(invoiceForm.values, forCompany, true) }),
      deliverySameAsInvoice: !needsDeliveryAddress,
      ...(needsDeliveryAddress
        ? deliverySaved && isUnchanged(deliveryForm.values, deliverySaved, DELIVERY_FIELDS)
          ? { deliveryAddressId: deliverySaved.id }
          : { deliveryAddress: addressInput(deliveryForm.values, false, false) }
        : {}),
      note,
      newsletter,
      surveyOptOut,
      reviewRequestOptOut,
      termsAccepted: terms,
    });
    if (!saved) {
      focusFirstError();
      return;
    }
    if (saved.checkout.problems.length > 0) {
      dispatch({ type: 'serverProblems', problems: Object.fromEntries(saved.checkout.problems.map((p) => [p.field, p.message])) });
      notify('error', saved.checkout.problems[0].message);
      focusFirstError();
      return;
    }
    await placeWith(seenRevision);
  };

  return {
    /** The cart as the checkout's fragment reads it (its summary's fields with it). */
    cart,
    revision: checkout.revision,
    /** False for a cart of match tickets only: no delivery, store, pick-up point or delivery address. */
    needsDelivery,
    /** The goods with VAT, as the server counted them (a delivery's free-shipping limit is judged by it). */
    goodsWithVat: priceOf(checkout.totals.products).withVat,
    deliveryId,
    delivery,
    chooseDelivery,
    storeId,
    chooseStore,
    pickupPointId,
    choosePickupPoint,
    /** The cart's chosen point, and the search posted without JavaScript with its points. */
    pickupPoint: checkout.pickupPoint ?? null,
    pointSearch: submitted?.pickupPoints ?? null,
    paymentId,
    allowedPayments: payments,
    bankTransferUnavailable,
    choosePayment,
    invoice: {
      form: invoiceForm,
      schema: invoiceSchema,
      forCompany,
      setForCompany: (value: boolean) => dispatch({ type: 'forCompanySet', value }),
      /** The registry lookup by IČO is a customer's (and needs the page's scripts). */
      canLookUpIco: me !== null && hydrated,
      /** The customer's saved addresses, for the pickers. */
      savedAddresses: me?.addresses ?? [],
      savedId: invoiceSavedId,
      setSavedId: (id: string | null) => dispatch({ type: 'invoiceSavedIdSet', id }),
    },
    delivered: {
      form: deliveryForm,
      sameAsInvoice,
      setSameAsInvoice: (value: boolean) => dispatch({ type: 'sameAsInvoiceSet', value }),
      savedId: deliverySavedId,
      setSavedId: (id: string | null) => dispatch({ type: 'deliverySavedIdSet', id }),
    },
    note,
    noteError: state.noteError,
    changeNote: (value: string) => dispatch({ type: 'noteChanged', value }),
    newsletter,
    setNewsletter: (value: boolean) => dispatch({ type: 'newsletterSet', value }),
    /** The unticked opt-out of the satisfaction questionnaire, where the shop sends one (Checkout.surveyOffered). */
    surveyOffered: checkout.surveyOffered,
    surveyOptOut,
    setSurveyOptOut: (value: boolean) => dispatch({ type: 'surveyOptOutSet', value }),
    reviewRequestOptOut,
    setReviewRequestOptOut: (value: boolean) => dispatch({ type: 'reviewRequestOptOutSet', value }),
    terms,
    changeTerms: (accepted: boolean) => dispatch({ type: 'termsChanged', accepted }),
    problems: state.problems,
    missingChoices,
    invalidVoucher,
    blocked,
    changed: state.changed,
    /** "Accept and buy" of the what-changed report: the order against the cart's new revision. */
    acceptChanges: () => {
      if (state.changed) void placeWith(getFragmentData(CheckoutCartFieldsFragment, state.changed.cart).checkout.revision);
    },
    refusal: submitted?.message ?? null,
    notice: submitted?.notice ?? null,
    captcha,
    captchaNeeded: state.captchaNeeded,
    busy: state.savesInFlight > 0 || placing,
    placing,
    onSubmit,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
