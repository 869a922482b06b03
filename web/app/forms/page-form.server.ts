// The pages' forms without JavaScript (docs/decisions/0020): the cart, voucher, product and checkout
// forms post to their own page; the route's `action` reads the form here and calls the SAME GraphQL
// mutations as the browser does, through the request's server-side Apollo client (in-process, with
// the shopper's session). Success redirects back (303, post/redirect/get); a failure answers the
// messages and what was typed, which the page renders at the fields. With JavaScript the forms'
// onSubmit handlers prevent the post and nothing here runs.
//
// Every posted value is untrusted: only strings are read, each with a length cap, numbers are
// integers in a range, intents are one of a list; the hidden `_csrf` field must carry the session's
// token (checked by the BFF, bff/src/http/csrf.ts), and a cross-site post never gets here (403).
import { data, redirect } from 'react-router';
import type { ShopLoadContext } from '../context.ts';
import { apolloFor } from '../apollo/load.ts';
import { createI18n } from '../i18n/index.ts';
import { languageOfRequest } from '../language.ts';
import { ChangeCartQuantityMutation } from '../features/cart/CartLines.tsx';
import { ApplyVoucherMutation, RemoveVoucherMutation } from '../features/cart/CartVouchers.tsx';
import {
  addressFormSchema,
  checkoutProblems,
  companyFormSchema,
  deliveryAddressFormSchema,
  MAX_CART_LINE_QUANTITY,
  noteRules,
  validateField,
  validateForm,
  type Locale,
} from '../../../schema/rules/index.ts';

import { FORM_TOKEN_FIELD } from './FormToken.tsx';

/** A page form is a few fields; anything bigger is not one of ours. */
export const MAX_FORM_BYTES = 64 * 1024;
/** Ids, codes and intents are short; longer values are refused or cut (the server then names the field). */
const MAX_ID_LENGTH = 200;

type ActionArgs = { request: Request; context?: unknown; params?: Record<string, string | undefined> };

export type PageForm = {
  /** A string field: '' when absent or not text; cut one character past `max` so the length rule still fires. */
  text: (name: string, max: number) => string;
  /** An integer in [min, max], or null for anything else. */
  int: (name: string, min: number, max: number) => number | null;
  /** A checkbox: true when sent. */
  flag: (name: string) => boolean;
  /** One of the allowed values, or null. */
  choice: <T extends string>(name: string, allowed: readonly T[]) => T | null;
  has: (name: string) => boolean;
};

/** Reads a page form POST: bounded size, the session's CSRF token, text values only. */
export async function readPageForm(args: ActionArgs): Promise<PageForm> {
  const declared = args.request.headers.get('content-length');
  if (declared === null) throw data('Length required', { status: 411 });
  if (!/^\d{1,9}$/.test(declared) || Number(declared) > MAX_FORM_BYTES) throw data('Form too large', { status: 413 });
  const type = (args.request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') throw data('Unsupported form', { status: 415 });
  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    throw data('Bad form', { status: 400 });
  }
  const context = args.context as ShopLoadContext | undefined;
  if (!context?.verifyFormToken(form.get(FORM_TOKEN_FIELD))) throw data('CSRF token mismatch', { status: 419 });
  const raw = (name: string): string | null => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  return {
    text: (name, max) => (raw(name) ?? '').slice(0, max + 1),
    int: (name, min, max) => {
      const value = (raw(name) ?? '').trim();
      if (!/^-?\d{1,6}$/.test(value)) return null;
      const number = Number(value);
      return number >= min && number <= max ? number : null;
    },
    flag: (name) => raw(name) !== null,
    choice: (name, allowed) => {
      const value = raw(name);
      return value !== null && (allowed as readonly string[]).includes(value) ? (value as (typeof allowed)[number]) : null;
    },
    has: (name) => raw(name) !== null,
  };
}

/** Post/redirect/get: back to the page that posted, as a GET. */
export function backToPage(request: Request, to?: string) {
  return redirect(to ?? new URL(request.url).pathname, 303);
}

export function translatorFor(request: Request) {
  return createI18n(languageOfRequest(request)).t;
}

// ------------------------------------------------------------------ the cart page

export const CART_INTENTS = ['setQuantity', 'decrease', 'increase', 'remove', 'applyVoucher', 'removeVoucher'] as const;

export type CartActionData =
  | { intent: 'setQuantity' | 'remove'; lineId: string; quantity: string; error: string }
  | { intent: 'applyVoucher'; code: string; email: string; needsEmail: boolean; codeError: string | null; emailError: string | null }
  | { intent: 'removeVoucher'; code: string; error: string }
  | { intent: null; error: string };

/** The quantity a line form asks for: typed (Enter, the default button), a step from the shown one, or 0. */
function requestedQuantity(form: PageForm, intent: 'setQuantity' | 'decrease' | 'increase' | 'remove'): number | null {
  if (intent === 'remove') return 0;
  if (intent === 'setQuantity') return form.int('quantity', 1, MAX_CART_LINE_QUANTITY);
  const shown = form.int('current', 1, MAX_CART_LINE_QUANTITY);
  if (shown === null) return null;
  return Math.min(MAX_CART_LINE_QUANTITY, Math.max(1, shown + (intent === 'increase' ? 1 : -1)));
}

/** Quantity, remove and the voucher field of /kosik without JavaScript. */
export async function cartAction(args: ActionArgs) {
  const form = await readPageForm(args);
  const t = translatorFor(args.request);
  const client = apolloFor(args);
  const intent = form.choice('intent', CART_INTENTS);
  if (intent === null) return data<CartActionData>({ intent: null, error: t('error.generic') }, { status: 400 });

  if (intent === 'setQuantity' || intent === 'decrease' || intent === 'increase' || intent === 'remove') {
    const lineId = form.text('lineId', MAX_ID_LENGTH);
    const typed = form.text('quantity', 10);
    const quantity = requestedQuantity(form, intent);
    const shownIntent = intent === 'remove' ? 'remove' : 'setQuantity';
    if (lineId === '' || lineId.length > MAX_ID_LENGTH) return data<CartActionData>({ intent: shownIntent, lineId: '', quantity: typed, error: t('error.generic') }, { status: 400 });
    if (quantity === null) {
      return data<CartActionData>({ intent: shownIntent, lineId, quantity: typed, error: t('noJs.quantityRange', { max: MAX_CART_LINE_QUANTITY }) }, { status: 400 });
    }
    const result = await client.mutate({ mutation: ChangeCartQuantityMutation, variables: { lineId, quantity } });
    const outcome = result.data?.setCartLineQuantity;
    if (outcome?.__typename === 'Cart') return backToPage(args.request);
    return data<CartActionData>({ intent: shownIntent, lineId, quantity: typed, error: outcome && 'message' in outcome ? outcome.message : t('error.generic') }, { status: 400 });
  }

  if (intent === 'removeVoucher') {
    const code = form.text('code', 64);
    const result = await client.mutate({ mutation: RemoveVoucherMutation, variables: { code } });
    const outcome = result.data?.removeVoucher;
    if (outcome?.__typename === 'Cart') return backToPage(args.request);
    return data<CartActionData>({ intent, code, error: outcome && 'message' in outcome ? outcome.message : t('voucher.removeFailed') }, { status: 400 });
  }

  return applyVoucherFromForm(args, form);
}

/** The voucher field (cart page, voucher page): the same checks and messages as the browser's. */
export async function applyVoucherFromForm(args: ActionArgs, form: PageForm, redirectTo?: string) {
  const t = translatorFor(args.request);
  const code = form.text('code', 64);
  const email = form.text('email', 254);
  const needsEmail = form.flag('needsEmail') || email.trim() !== '';
  const answer = (fields: { codeError?: string | null; emailError?: string | null; needsEmail?: boolean }) =>
    data<CartActionData>(
      { intent: 'applyVoucher', code, email, needsEmail: fields.needsEmail ?? needsEmail, codeError: fields.codeError ?? null, emailError: fields.emailError ?? null },
      { status: 400 },
    );
  if (code.trim() === '') return answer({ codeError: t('voucher.empty') });
  const result = await apolloFor(args).mutate({ mutation: ApplyVoucherMutation, variables: { code: code.trim(), email: needsEmail ? email.trim() : null } });
  const outcome = result.data?.applyVoucher;
  if (!outcome) return answer({ codeError: t('voucher.applyFailed') });
  if (outcome.__typename === 'Cart') return backToPage(args.request, redirectTo);
  if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) {
    return outcome.problem === 'EMAIL_MISMATCH' || needsEmail ? answer({ emailError: outcome.message, needsEmail: true }) : answer({ codeError: outcome.message, needsEmail: true });
  }
  if (outcome.__typename === 'ValidationError') {
    const fieldErrors = outcome.fieldErrors ?? [];
    // past the free attempts of an address the server asks for a captcha, which only a browser with JavaScript solves
    if (fieldErrors.some((entry) => entry.field === 'captcha')) return answer({ codeError: t('noJs.voucherApplyNeedsJs') });
    const emailError = fieldErrors.find((entry) => entry.field === 'email')?.message ?? null;
    const codeError = fieldErrors.find((entry) => entry.field === 'code')?.message ?? null;
    if (emailError || codeError) return answer({ emailError, codeError, needsEmail: needsEmail || emailError !== null });
  }
  return answer({ codeError: outcome.message });
}

// ------------------------------------------------------------------ the checkout page

export const CHECKOUT_INTENTS = ['update', 'placeOrder'] as const;
const ADDRESS_KEYS = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'postcode', 'country', 'company', 'ico', 'dic'] as const;
/** Longer than any address rule allows (schema/rules/checkout.ts), so an overlong value is named at its field. */
const MAX_ADDRESS_FIELD = 300;
/** Longer than NOTE_MAX_LENGTH, for the same reason. */
const MAX_NOTE = 2000;

export type AddressFormValues = Record<(typeof ADDRESS_KEYS)[number], string>;

/** What the shopper posted, as the page shows it again after a refusal. */
export type CheckoutFormValues = {
  deliveryMethodId: string | null;
  paymentMethodId: string | null;
  storeId: string | null;
  forCompany: boolean;
  deliverySameAsInvoice: boolean;
  invoice: AddressFormValues;
  delivery: AddressFormValues;
  note: string;
  newsletter: boolean;
  termsAccepted: boolean;
  revision: string;
};

export type CheckoutFieldError = { field: string; message: string };

function addressFrom(form: PageForm, prefix: 'invoice' | 'delivery'): AddressFormValues {
  const values = {} as AddressFormValues;
  for (const key of ADDRESS_KEYS) values[key] = form.text(`${prefix}.${key}`, MAX_ADDRESS_FIELD);
  if (values.country === '') values.country = 'CZ';
  return values;
}

export function checkoutFormValues(form: PageForm): CheckoutFormValues {
  const id = (name: string) => {
    const value = form.text(name, MAX_ID_LENGTH);
    return value === '' || value.length > MAX_ID_LENGTH ? null : value;
  };
  return {
    deliveryMethodId: id('deliveryMethod'),
    paymentMethodId: id('paymentMethod'),
    storeId: id('store'),
    forCompany: form.flag('forCompany'),
    // a page without the delivery address section (pickup, or not chosen yet) posts no switch: same address
    deliverySameAsInvoice: form.has('deliveryAddressShown') ? form.flag('deliverySameAsInvoice') : true,
    invoice: addressFrom(form, 'invoice'),
    delivery: addressFrom(form, 'delivery'),
    note: form.text('note', MAX_NOTE),
    newsletter: form.flag('newsletter'),
    termsAccepted: form.flag('termsAccepted'),
    revision: form.text('revision', MAX_ID_LENGTH),
  };
}

function addressInput(values: AddressFormValues, withCompany: boolean, withEmail: boolean) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(withEmail ? { email: values.email } : {}),
    phone: values.phone,
    street: values.street,
    city: values.city,
    postcode: values.postcode,
    country: values.country,
    ...(withCompany ? { company: values.company, ico: values.ico, dic: values.dic } : {}),
  };
}

/** The choices alone ("save and update the price"): addresses may still be half typed. */
export function checkoutChoicesInput(values: CheckoutFormValues) {
  return {
    ...(values.deliveryMethodId ? { deliveryMethodId: values.deliveryMethodId } : {}),
    ...(values.paymentMethodId ? { paymentMethodId: values.paymentMethodId } : {}),
    ...(values.storeId ? { storeId: values.storeId } : {}),
    note: values.note,
    newsletter: values.newsletter,
    termsAccepted: values.termsAccepted,
  };
}

/** Everything, as the browser's submit saves it before placing the order. */
export function checkoutInput(values: CheckoutFormValues, deliveryIsAddress: boolean) {
  const separateDelivery = deliveryIsAddress && !values.deliverySameAsInvoice;
  return {
    ...checkoutChoicesInput(values),
    forCompany: values.forCompany,
    invoiceAddress: addressInput(values.invoice, values.forCompany, true),
    deliverySameAsInvoice: !separateDelivery,
    ...(separateDelivery ? { deliveryAddress: addressInput(values.delivery, false, false) } : {}),
  };
}

/** A server field error's place on the page: an address field, the note, or one of the choices. */
export function placeOfFieldErrors(fieldErrors: readonly CheckoutFieldError[]) {
  const invoice: Record<string, string> = {};
  const delivery: Record<string, string> = {};
  const other: Record<string, string> = {};
  let note: string | null = null;
  for (const { field, message } of fieldErrors) {
    if (field.startsWith('invoiceAddress.')) invoice[field.slice('invoiceAddress.'.length)] = message;
    else if (field.startsWith('deliveryAddress.')) delivery[field.slice('deliveryAddress.'.length)] = message;
    else if (field === 'note') note = message;
    else if (field === 'deliveryMethodId') other.deliveryMethod = message;
    else if (field === 'storeId') other.store = message;
    else if (field === 'paymentMethodId') other.paymentMethod = message;
    else other[field] = message;
  }
  return { invoice, delivery, note, other };
}

/**
 * What the browser checks before it sends anything (the same shared schemas and rules as its
 * submit): every address field, the note, and the choices; the server's own checks follow.
 */
export function checkoutFormErrors(
  values: CheckoutFormValues,
  delivery: { isPickup: boolean; paymentMethods: { id: string }[] } | null,
  locale: Locale,
): CheckoutFieldError[] {
  const errors: CheckoutFieldError[] = [];
  const invoiceSchema = values.forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema;
  for (const [field, message] of Object.entries(validateForm(values.invoice, invoiceSchema, locale))) errors.push({ field: `invoiceAddress.${field}`, message });
  const separate = delivery !== null && !delivery.isPickup && !values.deliverySameAsInvoice;
  if (separate) {
    for (const [field, message] of Object.entries(validateForm(values.delivery, deliveryAddressFormSchema, locale))) errors.push({ field: `deliveryAddress.${field}`, message });
  }
  const note = validateField(values.note, noteRules, locale, {});
  if (note) errors.push({ field: 'note', message: note });
  const problems = checkoutProblems(
    {
      deliveryMethod: delivery,
      storeChosen: values.storeId !== null,
      paymentMethod: values.paymentMethodId ? { allowedForDelivery: !delivery || delivery.paymentMethods.some((method) => method.id === values.paymentMethodId) } : null,
      termsAccepted: values.termsAccepted,
      invoiceAddress: values.invoice,
      forCompany: values.forCompany,
      deliverySameAsInvoice: !separate,
      deliveryAddress: separate ? values.delivery : null,
    },
    locale,
  );
  for (const problem of problems) if (problem.field !== 'invoiceAddress' && problem.field !== 'deliveryAddress') errors.push(problem);
  return errors;
}
