// Checkout (/pokladna, /en/checkout): delivery, pickup store, payment, invoice and delivery address,
// note, newsletter, terms and "Koupit a zaplatit". Choices of delivery, store and payment are saved
// at once (the server prices them and says which payments go with the delivery); the addresses and
// consents are checked here with the shared schemas and saved on submit. The server's field errors
// land on the fields, and what the shopper typed is never thrown away. A refused order shows what
// changed and lets the shopper accept and buy again.
import { useMemo, useState, type FormEvent } from 'react';
import { data, Link, redirect, useActionData, useNavigate } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { sessionCartIs } from '../apollo/cache.ts';
import { graphql } from '~/gql';
import type { CheckoutInput, CheckoutPageQuery as CheckoutPageData, PlaceOrderMutation as PlaceOrderMutationResult } from '~/gql/graphql';
import type { Route } from './+types/checkout';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useForm } from '../components/ui/form/index.ts';
import { useFormatMoney } from '../components/ui/Money.tsx';
import { useNotify } from '../components/ui/Toasts.tsx';
import { AddressFields, addressValues, type AddressValues } from '../features/checkout/AddressFields.tsx';
import { StorePicker } from '../features/checkout/StorePicker.tsx';
import { CheckoutTotals } from '../features/checkout/Totals.tsx';
import { OrderChanges } from '../features/checkout/OrderChanges.tsx';
import { isUnchanged, SavedAddressPicker, savedAddressValues } from '../features/checkout/SavedAddressPicker.tsx';
import {
  addressFormSchema,
  checkoutProblems,
  companyFormSchema,
  deliveryAddressFormSchema,
  NOTE_MAX_LENGTH,
  noteRules,
  validateField,
  type CheckoutField,
} from '../../../schema/rules/index.ts';
import { FormToken, formTokenFor, useHydrated } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, translatorFor } from '../forms/page-form.server.ts';
import {
  addressInput,
  CHECKOUT_INTENTS,
  checkoutChoicesInput,
  checkoutFormErrors,
  checkoutInput,
  placeOfFieldErrors,
  type CheckoutFieldError,
  type CheckoutFormValues,
} from '../features/checkout/checkout-form.ts';
import { checkoutFormValues } from '../features/checkout/checkout-form.server.ts';
import { usePageQuery } from '../apollo/page-query.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { runWithCaptcha, useCaptcha } from '../features/captcha/useCaptcha.ts';

export const PostalAddressFieldsFragment = graphql(`
  fragment PostalAddressFields on PostalAddress {
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

export const CheckoutCartFieldsFragment = graphql(`
  fragment CheckoutCartFields on Cart {
    ...CartPageFields
    checkout {
      revision
      canPlaceOrder
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
      forCompany
      deliverySameAsInvoice
      note
      newsletter
      termsAccepted
      invoiceAddress {
        ...PostalAddressFields
      }
      deliveryAddress {
        ...PostalAddressFields
      }
    }
  }
`);

const CheckoutPageQuery = graphql(`
  query CheckoutPage {
    cart {
      ...CheckoutCartFields
    }
    deliveryMethods {
      id
      code
      name
      description
      isPickup
      freeFrom
      price {
        ...PriceFields
      }
      paymentMethods {
        id
      }
    }
    paymentMethods {
      id
      code
      name
      description
      isBankTransfer
      price {
        ...PriceFields
      }
    }
    stores {
      ...StorePickerFields
    }
    me {
      id
      email
      firstName
      lastName
      phone
      addresses {
        ...SavedAddressFields
      }
    }
  }
`);

const UpdateCheckoutMutation = graphql(`
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

const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on Order {
        databaseId
        hash
        number
      }
      ... on OrderChangedError {
        changes {
          kind
          subject
          message
          previous
          current
        }
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

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const { data } = await apolloFor(args).query({ query: CheckoutPageQuery, fetchPolicy: 'network-only' });
  // Nothing to buy: the cart page says so and leads back to the goods.
  if (!data?.cart || data.cart.lines.length === 0) throw redirect(href('cart', language));
  return { language, alternates: alternatesFor('checkout'), formToken: formTokenFor(args) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

/** A refused post of the checkout form without JavaScript: what was typed, and why (docs/decisions/0020). */
export type CheckoutActionData = {
  values: CheckoutFormValues;
  fieldErrors: CheckoutFieldError[];
  message: string | null;
  changed: Changed | null;
};

/**
 * The checkout form posted without JavaScript. "update" saves the choices (delivery, store, payment,
 * note, consents) so the page shows the price with them; "placeOrder" saves everything as the
 * browser's submit does, then places the order against the revision the page showed; success goes
 * to the order summary (303), a refusal renders the page again with the messages at the fields.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  const client = apolloFor(args);
  // Enter in a field presses the form's first button: without JavaScript that is "update"
  const intent = form.choice('intent', CHECKOUT_INTENTS) ?? 'update';
  const values = checkoutFormValues(form);
  const answer = (fields: Partial<CheckoutActionData>, status: number) =>
    data<CheckoutActionData>({ values, fieldErrors: [], message: null, changed: null, ...fields }, { status });
  const { data: page } = await client.query({ query: CheckoutPageQuery, fetchPolicy: 'network-only' });
  if (!page?.cart || page.cart.lines.length === 0) return backToPage(args.request, href('cart', language));
  const deliveryId = values.deliveryMethodId ?? page.cart.checkout.deliveryMethod?.id ?? null;
  const delivery = page.deliveryMethods.find((method) => method.id === deliveryId);
  if (intent === 'placeOrder') {
    // as the browser's submit: nothing is sent while the form itself is not right
    const invalid = checkoutFormErrors(values, delivery ?? null, language);
    if (invalid.length > 0) return answer({ message: t('checkout.cannotSubmit'), fieldErrors: invalid }, 400);
  }
  const input = intent === 'update' ? checkoutChoicesInput(values) : checkoutInput(values, delivery !== undefined && !delivery.isPickup);
  const saved = (await client.mutate({ mutation: UpdateCheckoutMutation, variables: { input } })).data?.updateCheckout;
  if (!saved) return answer({ message: t('error.generic') }, 500);
  if (saved.__typename !== 'Cart') return answer({ message: saved.message, fieldErrors: saved.__typename === 'ValidationError' ? saved.fieldErrors : [] }, 400);
  if (intent === 'update') return answer({}, 200);
  const problems = saved.checkout.problems;
  if (problems.length > 0) return answer({ message: problems[0].message, fieldErrors: problems.map(({ field, message }) => ({ field, message })) }, 400);
  const placed = (await client.mutate({ mutation: PlaceOrderMutation, variables: { input: { revision: values.revision } } })).data?.placeOrder;
  if (!placed) return answer({ message: t('checkout.cannotSubmit') }, 500);
  if (placed.__typename === 'Order') return backToPage(args.request, href('orderSummary', language, { id: placed.databaseId, hash: placed.hash }));
  // The page shows the cart's new totals and revision; submitting again accepts them.
  if (placed.__typename === 'OrderChangedError') return answer({ message: placed.message, changed: placed }, 409);
  // a further order from this address needs the captcha, which only the browser can solve
  if (placed.__typename === 'ValidationError' && placed.fieldErrors.some((entry) => entry.field === 'captcha')) return answer({ message: t('noJs.orderNeedsJs') }, 429);
  if (placed.__typename === 'TooManyAttemptsError') return answer({ message: placed.message }, 429);
  return answer({ message: placed.message, fieldErrors: placed.__typename === 'ValidationError' ? placed.fieldErrors : [] }, 400);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.checkout.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function CheckoutRoute() {
  const { data } = usePageQuery(CheckoutPageQuery);
  if (!data?.cart) return null;
  return <CheckoutPage data={data as CheckoutPageData & { cart: NonNullable<CheckoutPageData['cart']> }} />;
}

type PageData = CheckoutPageData & { cart: NonNullable<CheckoutPageData['cart']> };
type Changed = Extract<PlaceOrderMutationResult['placeOrder'], { __typename: 'OrderChangedError' }>;

const PROBLEM_FIELDS: CheckoutField[] = ['deliveryMethod', 'store', 'paymentMethod', 'invoiceAddress', 'deliveryAddress', 'terms'];

function CheckoutPage({ data }: { data: PageData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const format = useFormatMoney();
  const { notify } = useNotify();
  const { cart, deliveryMethods, paymentMethods, stores, me } = data;
  const checkout = cart.checkout;
  const [update, { loading: saving }] = useMutation(UpdateCheckoutMutation);
  // the server closed this cart: the session has none now (the header shows an empty one)
  const [place, { loading: placing }] = useMutation(PlaceOrderMutation, {
    update: (cache, { data }) => {
      if (data?.placeOrder.__typename === 'Order') sessionCartIs(cache, null);
    },
  });
  // Without JavaScript the form posts to this page (action above); what it answered is shown here.
  const submitted = useActionData<CheckoutActionData>() ?? null;
  const posted = submitted?.values ?? null;
  const placedErrors = submitted ? placeOfFieldErrors(submitted.fieldErrors) : null;
  const hydrated = useHydrated();
  const captcha = useCaptcha('PLACE_ORDER');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  // Choices saved at once; shown from the server's answer, or the click while it is on its way.
  const [deliveryId, setDeliveryId] = useState<string | null>(posted?.deliveryMethodId ?? checkout.deliveryMethod?.id ?? null);
  const [storeId, setStoreId] = useState<string | null>(posted?.storeId ?? checkout.store?.id ?? null);
  const [paymentId, setPaymentId] = useState<string | null>(posted?.paymentMethodId ?? checkout.paymentMethod?.id ?? null);
  const [forCompany, setForCompany] = useState(posted ? posted.forCompany : checkout.forCompany);
  const [sameAsInvoice, setSameAsInvoice] = useState(posted ? posted.deliverySameAsInvoice : checkout.deliverySameAsInvoice);
  const [note, setNote] = useState(posted ? posted.note : checkout.note);
  const [noteError, setNoteError] = useState<string | null>(placedErrors?.note ?? null);
  const [newsletter, setNewsletter] = useState(posted ? posted.newsletter : checkout.newsletter);
  const [terms, setTerms] = useState(posted ? posted.termsAccepted : checkout.termsAccepted);
  const [problems, setProblems] = useState<Partial<Record<CheckoutField | 'vouchers', string>>>((placedErrors?.other ?? {}) as Partial<Record<CheckoutField | 'vouchers', string>>);
  const [changed, setChanged] = useState<Changed | null>(submitted?.changed ?? null);
  const savedAddresses = me?.addresses ?? [];
  const [invoiceSavedId, setInvoiceSavedId] = useState<string | null>(checkout.invoiceAddress?.savedAddressId ?? null);
  const [deliverySavedId, setDeliverySavedId] = useState<string | null>(checkout.deliveryAddress?.savedAddressId ?? null);

  const invoiceSchema = useMemo(() => (forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema), [forCompany]);
  const invoiceForm = useForm<AddressValues>({
    initialValues: posted ? posted.invoice : addressValues(checkout.invoiceAddress, me ? { email: me.email, firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? '' } : {}),
    initialErrors: placedErrors?.invoice,
    schema: invoiceSchema,
    locale: language,
  });
  const deliveryForm = useForm<AddressValues>({
    initialValues: posted ? posted.delivery : addressValues(checkout.deliveryAddress),
    initialErrors: placedErrors?.delivery,
    schema: deliveryAddressFormSchema,
    locale: language,
  });

  const delivery = deliveryMethods.find((method) => method.id === deliveryId) ?? null;
  const allowedPayments = delivery ? paymentMethods.filter((method) => delivery.paymentMethods.some((allowed) => allowed.id === method.id)) : paymentMethods;
  const needsDeliveryAddress = delivery !== null && !delivery.isPickup && !sameAsInvoice;
  const invalidVoucher = cart.vouchers.find((voucher) => !voucher.valid);
  // What the submit waits for (spec section 4): the required choices, and no invalid voucher.
  const missingChoices = checkoutProblems(
    {
      deliveryMethod: delivery,
      storeChosen: storeId !== null,
      paymentMethod: paymentId ? { allowedForDelivery: allowedPayments.some((method) => method.id === paymentId) } : null,
      termsAccepted: true,
      invoiceAddress: {},
      forCompany: false,
      deliverySameAsInvoice: true,
      deliveryAddress: null,
    },
    language,
  ).filter((problem) => problem.field !== 'invoiceAddress');
  const blocked = missingChoices.length > 0 || invalidVoucher !== undefined;

  const save = async (input: CheckoutInput) => {
    try {
      const result = await update({ variables: { input } });
      const outcome = result.data?.updateCheckout;
      if (outcome?.__typename === 'Cart') return outcome;
      if (outcome) {
        showFieldErrors(outcome.__typename === 'ValidationError' ? outcome.fieldErrors : []);
        notify('error', outcome.message);
      }
    } catch {
      notify('error', t('error.generic'));
    }
    return null;
  };

  const showFieldErrors = (fieldErrors: { field: string; message: string }[]) => {
    const invoice: Record<string, string> = {};
    const shipping: Record<string, string> = {};
    const other: Partial<Record<CheckoutField, string>> = {};
    for (const { field, message } of fieldErrors) {
      if (field.startsWith('invoiceAddress.')) invoice[field.slice('invoiceAddress.'.length)] = message;
      else if (field.startsWith('deliveryAddress.')) shipping[field.slice('deliveryAddress.'.length)] = message;
      else if (field === 'note') setNoteError(message);
      else if (field === 'deliveryMethodId') other.deliveryMethod = message;
      else if (field === 'storeId') other.store = message;
      else if (field === 'paymentMethodId') other.paymentMethod = message;
      else if ((PROBLEM_FIELDS as string[]).includes(field)) other[field as CheckoutField] = message;
    }
    if (Object.keys(invoice).length) invoiceForm.setServerErrors(invoice);
    if (Object.keys(shipping).length) deliveryForm.setServerErrors(shipping);
    setProblems((current) => ({ ...current, ...other }));
  };

  const chooseDelivery = (id: string) => {
    const method = deliveryMethods.find((candidate) => candidate.id === id);
    setDeliveryId(id);
    setProblems((current) => ({ ...current, deliveryMethod: undefined, paymentMethod: undefined }));
    // A payment that does not go with the new delivery is dropped rather than left to fail.
    const keepsPayment = paymentId !== null && method?.paymentMethods.some((allowed) => allowed.id === paymentId);
    if (!keepsPayment) setPaymentId(null);
    void save({ deliveryMethodId: id, ...(keepsPayment ? {} : { paymentMethodId: null }) });
  };

  const chooseStore = (id: string) => {
    setStoreId(id);
    setProblems((current) => ({ ...current, store: undefined }));
    void save({ storeId: id });
  };

  const choosePayment = (id: string) => {
    setPaymentId(id);
    setProblems((current) => ({ ...current, paymentMethod: undefined }));
    void save({ paymentMethodId: id });
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>('.checkout [aria-invalid="true"], .checkout .choice-group--invalid input');
      first?.focus();
    });
  };

  const placeWith = async (revision: string) => {
    try {
      const run = async (token: string | null) => (await place({ variables: { input: { revision, captcha: token } } })).data?.placeOrder;
      // after the first order from one address the server asks for a captcha: solved here, then placed again
      const answered = await runWithCaptcha(captcha, { captchaNeeded, setCaptchaNeeded }, run);
      if (!answered) return;
      const { outcome } = answered;
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'Order') {
        await navigate(href('orderSummary', language, { id: outcome.databaseId, hash: outcome.hash }));
        return;
      }
      if (outcome.__typename === 'OrderChangedError') {
        setChanged(outcome);
        return;
      }
      if (outcome.__typename === 'ValidationError') {
        const captchaError = outcome.fieldErrors.find((entry) => entry.field === 'captcha')?.message;
        captcha.setServerError(captchaError);
        if (captchaError) return;
        showFieldErrors(outcome.fieldErrors);
      }
      notify('error', outcome.message);
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
    setChanged(null);
    const invoiceOk = invoiceForm.validateAll();
    const deliveryOk = needsDeliveryAddress ? deliveryForm.validateAll() : true;
    const noteProblem = validateField(note, noteRules, language, {});
    setNoteError(noteProblem);
    const local = checkoutProblems(
      {
        deliveryMethod: delivery,
        storeChosen: storeId !== null,
        paymentMethod: paymentId ? { allowedForDelivery: allowedPayments.some((method) => method.id === paymentId) } : null,
        termsAccepted: terms,
        invoiceAddress: invoiceForm.values,
        forCompany,
        deliverySameAsInvoice: !needsDeliveryAddress,
        deliveryAddress: needsDeliveryAddress ? deliveryForm.values : null,
      },
      language,
    );
    setProblems(Object.fromEntries(local.filter((p) => p.field !== 'invoiceAddress' && p.field !== 'deliveryAddress').map((p) => [p.field, p.message])));
    if (!invoiceOk || !deliveryOk || noteProblem || local.length > 0) {
      notify('error', t('checkout.cannotSubmit'));
      focusFirstError();
      return;
    }
    const invoiceSaved = savedAddresses.find((address) => address.id === invoiceSavedId);
    const deliverySaved = savedAddresses.find((address) => address.id === deliverySavedId);
    const invoiceFields = Object.keys(invoiceSchema) as (keyof AddressValues)[];
    const deliveryFields = Object.keys(deliveryAddressFormSchema) as (keyof AddressValues)[];
    const saved = await save({
      forCompany,
      ...(invoiceSaved && isUnchanged(invoiceForm.values, invoiceSaved, invoiceFields)
        ? { invoiceAddressId: invoiceSaved.id }
        : { invoiceAddress: addressInput(invoiceForm.values, forCompany, true) }),
      deliverySameAsInvoice: !needsDeliveryAddress,
      ...(needsDeliveryAddress
        ? deliverySaved && isUnchanged(deliveryForm.values, deliverySaved, deliveryFields)
          ? { deliveryAddressId: deliverySaved.id }
          : { deliveryAddress: addressInput(deliveryForm.values, false, false) }
        : {}),
      note,
      newsletter,
      termsAccepted: terms,
    });
    if (!saved) {
      focusFirstError();
      return;
    }
    if (saved.checkout.problems.length > 0) {
      setProblems(Object.fromEntries(saved.checkout.problems.map((p) => [p.field, p.message])));
      notify('error', saved.checkout.problems[0].message);
      focusFirstError();
      return;
    }
    await placeWith(seenRevision);
  };

  const busy = saving || placing;
  return (
    <div className="container page checkout">
      <h1>{t('checkout.title')}</h1>
      <form className="checkout__grid" method="post" action={href('checkout', language)} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <FormToken />
        <input type="hidden" name="revision" value={checkout.revision} />
        <div className="checkout__main">
          <fieldset className={problems.deliveryMethod ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={problems.deliveryMethod ? 'delivery-error' : undefined}>
            <legend>{t('checkout.delivery')}</legend>
            <ul className="choice-list">
              {deliveryMethods.map((method) => {
                const free = method.freeFrom !== null && cart.checkout.totals.products.withVat >= method.freeFrom;
                return (
                  <li key={method.id} className="choice">
                    <label className="choice__label">
                      <input type="radio" name="deliveryMethod" value={method.id} checked={deliveryId === method.id} onChange={() => chooseDelivery(method.id)} />
                      <span className="choice__name">{method.name}</span>
                      <span className="choice__price">{free || method.price.withVat === 0 ? t('totals.free') : format(method.price.withVat, method.price.currency)}</span>
                      {method.description && <span className="muted choice__description">{method.description}</span>}
                      {method.freeFrom !== null && !free && <span className="muted choice__description">{t('checkout.freeFrom', { amount: format(method.freeFrom, method.price.currency) })}</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
            {problems.deliveryMethod && (
              <p id="delivery-error" className="field__error" role="alert">
                {problems.deliveryMethod}
              </p>
            )}
          </fieldset>

          {delivery?.isPickup && <StorePicker stores={stores} value={storeId} onChange={chooseStore} error={problems.store} />}

          <fieldset className={problems.paymentMethod ? 'choice-group choice-group--invalid' : 'choice-group'} aria-describedby={problems.paymentMethod ? 'payment-error' : undefined}>
            <legend>{t('checkout.payment')}</legend>
            {!delivery && <p className="muted">{t('checkout.paymentAfterDelivery')}</p>}
            <ul className="choice-list">
              {allowedPayments.map((method) => (
                <li key={method.id} className="choice">
                  <label className="choice__label">
                    <input type="radio" name="paymentMethod" value={method.id} checked={paymentId === method.id} disabled={hydrated && !delivery} onChange={() => choosePayment(method.id)} />
                    <span className="choice__name">{method.name}</span>
                    <span className="choice__price">{method.price.withVat === 0 ? t('totals.free') : format(method.price.withVat, method.price.currency)}</span>
                    {method.description && <span className="muted choice__description">{method.description}</span>}
                  </label>
                </li>
              ))}
            </ul>
            {problems.paymentMethod && (
              <p id="payment-error" className="field__error" role="alert">
                {problems.paymentMethod}
              </p>
            )}
          </fieldset>

          {!hydrated && (
            // Without JavaScript the choices are saved by a post; then the price includes them.
            <div className="checkout__no-js">
              <button type="submit" name="intent" value="update" className="button button--secondary" data-testid="checkout-update">
                {t('noJs.recalculate')}
              </button>
              <p className="muted">{t('noJs.recalculateHint')}</p>
            </div>
          )}

          <fieldset className="form-section">
            <legend>{t('checkout.invoiceAddress')}</legend>
            <label className="switch">
              <input type="checkbox" name="forCompany" checked={forCompany} onChange={(event) => setForCompany(event.target.checked)} data-testid="for-company" />
              {t('checkout.forCompany')}
            </label>
            <SavedAddressPicker
              addresses={savedAddresses}
              kind="INVOICE"
              value={invoiceSavedId}
              onPick={(address) => {
                setInvoiceSavedId(address?.id ?? null);
                if (!address) return;
                invoiceForm.reset(savedAddressValues(address));
                setForCompany(address.company !== '' || address.ico !== '');
              }}
            />
            <AddressFields
              form={invoiceForm}
              namePrefix="invoice"
              section="billing"
              withEmail
              withCompany={forCompany}
              requiredFields={Object.entries(invoiceSchema)
                .filter(([, rules]) => rules.some((rule) => rule.name === 'required'))
                .map(([name]) => name)}
            />
          </fieldset>

          {delivery && !delivery.isPickup && (
            <fieldset className="form-section">
              <legend>{t('checkout.deliveryAddress')}</legend>
              <input type="hidden" name="deliveryAddressShown" value="1" />
              <label className="switch">
                <input type="checkbox" name="deliverySameAsInvoice" checked={sameAsInvoice} onChange={(event) => setSameAsInvoice(event.target.checked)} />
                {t('checkout.sameAsInvoice')}
              </label>
              {!sameAsInvoice && (
                <SavedAddressPicker
                  addresses={savedAddresses}
                  kind="DELIVERY"
                  value={deliverySavedId}
                  onPick={(address) => {
                    setDeliverySavedId(address?.id ?? null);
                    if (address) deliveryForm.reset(savedAddressValues(address));
                  }}
                />
              )}
              {!sameAsInvoice && (
                <AddressFields
                  form={deliveryForm}
                  namePrefix="delivery"
                  section="shipping"
                  withEmail={false}
                  withCompany={false}
                  requiredFields={Object.entries(deliveryAddressFormSchema)
                    .filter(([, rules]) => rules.some((rule) => rule.name === 'required'))
                    .map(([name]) => name)}
                />
              )}
            </fieldset>
          )}

          <fieldset className="form-section">
            <legend>{t('checkout.other')}</legend>
            <div className={noteError ? 'field field--invalid' : 'field'}>
              <label className="field__label" htmlFor="checkout-note">
                {t('checkout.note')}
              </label>
              <textarea
                id="checkout-note"
                name="note"
                className="field__input"
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                value={note}
                onChange={(event) => {
                  setNote(event.target.value);
                  setNoteError(null);
                }}
                aria-invalid={!!noteError}
                aria-describedby={noteError ? 'checkout-note-error' : undefined}
              />
              {noteError && (
                <p id="checkout-note-error" className="field__error" role="alert">
                  {noteError}
                </p>
              )}
            </div>
            <label className="checkbox">
              <input type="checkbox" name="newsletter" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
              {t('checkout.newsletter')}
            </label>
            <div className={problems.terms ? 'checkbox-field field--invalid' : 'checkbox-field'}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="termsAccepted"
                  checked={terms}
                  onChange={(event) => {
                    setTerms(event.target.checked);
                    setProblems((current) => ({ ...current, terms: undefined }));
                  }}
                  aria-invalid={!!problems.terms}
                  aria-describedby={problems.terms ? 'terms-error' : undefined}
                  data-testid="terms"
                />
                <span>
                  {t('checkout.termsBefore')}{' '}
                  <a href={href('info', language, { id: 1, slug: language === 'cs' ? 'obchodni-podminky' : 'terms-and-conditions' })} target="_blank" rel="noopener">
                    {t('checkout.termsLink')}
                  </a>{' '}
                  <span className="visually-hidden">({t('checkout.newTab')})</span>
                </span>
              </label>
              {problems.terms && (
                <p id="terms-error" className="field__error" role="alert">
                  {problems.terms}
                </p>
              )}
            </div>
          </fieldset>
        </div>

        <aside className="checkout__side" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading">{t('totals.heading')}</h2>
          <ul className="checkout__lines">
            {cart.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.quantity}× {line.variant.product.name}
                  {line.variant.size ? ` (${line.variant.size})` : ''}
                </span>
                <span>{format(line.totalPrice.withVat, line.totalPrice.currency)}</span>
              </li>
            ))}
          </ul>
          {cart.vouchers.length > 0 && (
            <ul className="checkout__vouchers">
              {cart.vouchers.map((voucher) => (
                <li key={voucher.code} className={voucher.valid ? undefined : 'field__error'}>
                  {voucher.code}
                  {voucher.valid ? voucher.discount.withVat > 0 && ` −${format(voucher.discount.withVat, voucher.discount.currency)}` : `: ${voucher.message ?? ''}`}
                </li>
              ))}
            </ul>
          )}
          <CheckoutTotals totals={cart.checkout.totals} />
          {changed && <OrderChanges error={changed} busy={busy} onAccept={() => void placeWith(changed.cart.checkout.revision)} />}
          {(blocked || problems.vouchers) && (
            <div id="checkout-blocked" className="checkout__blocked">
              <p>{t('checkout.stillMissing')}</p>
              <ul>
                {missingChoices.map((problem) => (
                  <li key={problem.field}>{problem.message}</li>
                ))}
                {invalidVoucher && (
                  <li>
                    {t('voucher.blocksOrder')} <Link to={href('cart', language)}>{t('checkout.backToCart')}</Link>
                  </li>
                )}
              </ul>
            </div>
          )}
          {submitted?.message && !changed && (
            <p className="field__error" role="alert" data-testid="checkout-refused">
              {submitted.message}
            </p>
          )}
          {captchaNeeded ? <Captcha captcha={captcha} id="checkout-captcha" /> : null}
          <button type="submit" name="intent" value="placeOrder" className="button button--primary button--large checkout__submit" disabled={hydrated && (blocked || busy)} aria-describedby={blocked ? 'checkout-blocked' : undefined} data-testid="place-order">
            {placing ? t('checkout.placing') : t('checkout.submit')}
          </button>
          <p>
            <Link to={href('cart', language)}>{t('checkout.backToCart')}</Link>
          </p>
        </aside>
      </form>
    </div>
  );
}
