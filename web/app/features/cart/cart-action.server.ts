// The cart page's forms without JavaScript (docs/decisions/0020): quantity, remove and the voucher
// field post to /kosik; this reads them and calls the same mutations as the browser (the voucher
// field's reader also serves the /voucher page).
import { data } from 'react-router';
import { apolloFor } from '../../apollo/load.ts';
import { backToPage, MAX_ID_LENGTH, readPageForm, STALE_FORM_STATUS, translatorFor, type ActionArgs, type PageForm } from '../../forms/page-form.server.ts';
import { EMAIL_MAX_LENGTH, MAX_CART_LINE_QUANTITY, VOUCHER_CODE_MAX_LENGTH, voucherNeedsEmail } from '../../../../schema/rules/index.ts';
import { ChangeCartQuantityMutation } from './CartLines.tsx';
import { ApplyVoucherMutation, RemoveVoucherMutation } from './CartVouchers.tsx';
import { errorOf } from '../../apollo/errors.ts';
import type { CartActionData } from './cart-action-data.ts';

const CART_INTENTS = ['setQuantity', 'decrease', 'increase', 'remove', 'applyVoucher', 'removeVoucher'] as const;

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
    if (form.staleToken) return data<CartActionData>({ intent: shownIntent, lineId, quantity: typed, error: t('noJs.staleForm') }, { status: STALE_FORM_STATUS });
    if (quantity === null) {
      return data<CartActionData>({ intent: shownIntent, lineId, quantity: typed, error: t('noJs.quantityRange', { max: MAX_CART_LINE_QUANTITY }) }, { status: 400 });
    }
    const result = await client.mutate({ mutation: ChangeCartQuantityMutation, variables: { lineId, quantity } });
    const outcome = result.data?.setCartLineQuantity;
    if (outcome?.__typename === 'Cart') return backToPage(args.request);
    return data<CartActionData>({ intent: shownIntent, lineId, quantity: typed, error: outcome ? errorOf(outcome).message : t('error.generic') }, { status: 400 });
  }

  if (intent === 'removeVoucher') {
    const code = form.text('code', VOUCHER_CODE_MAX_LENGTH);
    if (form.staleToken) return data<CartActionData>({ intent, code, error: t('noJs.staleForm') }, { status: STALE_FORM_STATUS });
    const result = await client.mutate({ mutation: RemoveVoucherMutation, variables: { code } });
    const outcome = result.data?.removeVoucher;
    if (outcome?.__typename === 'Cart') return backToPage(args.request);
    return data<CartActionData>({ intent, code, error: outcome ? errorOf(outcome).message : t('voucher.removeFailed') }, { status: 400 });
  }

  return applyVoucherFromForm(args, form);
}

/** The voucher field (cart page, voucher page): the same checks and messages as the browser's. */
export async function applyVoucherFromForm(args: ActionArgs, form: PageForm, redirectTo?: string) {
  const t = translatorFor(args.request);
  const code = form.text('code', VOUCHER_CODE_MAX_LENGTH);
  const email = form.text('email', EMAIL_MAX_LENGTH);
  // the e-mail goes with the code that asked for it, or when the shopper typed one anyway
  const emailFor = form.text('emailFor', VOUCHER_CODE_MAX_LENGTH).trim() || null;
  const needsEmail = voucherNeedsEmail(code, emailFor) || email.trim() !== '';
  const askedFor = code.trim().toUpperCase();
  const stillAsked = voucherNeedsEmail(code, emailFor) ? emailFor : null;
  const answer = (fields: { codeError?: string | null; emailError?: string | null; emailFor?: string | null }, status = 400) =>
    data<CartActionData>(
      { intent: 'applyVoucher', code, email, emailFor: fields.emailFor === undefined ? stillAsked : fields.emailFor, codeError: fields.codeError ?? null, emailError: fields.emailError ?? null },
      { status },
    );
  if (form.staleToken) return answer({ codeError: t('noJs.staleForm') }, STALE_FORM_STATUS);
  if (code.trim() === '') return answer({ codeError: t('voucher.empty') });
  const result = await apolloFor(args).mutate({ mutation: ApplyVoucherMutation, variables: { code: code.trim(), email: needsEmail ? email.trim() : null } });
  const outcome = result.data?.applyVoucher;
  if (!outcome) return answer({ codeError: t('voucher.applyFailed') });
  if (outcome.__typename === 'Cart') return backToPage(args.request, redirectTo);
  const error = errorOf(outcome);
  if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) {
    return outcome.problem === 'EMAIL_MISMATCH' || needsEmail ? answer({ emailError: error.message, emailFor: askedFor }) : answer({ codeError: error.message, emailFor: askedFor });
  }
  if (outcome.__typename === 'ValidationError') {
    const fieldErrors = error.fieldErrors;
    // past the free attempts of an address the server asks for a captcha, which only a browser with JavaScript solves
    if (fieldErrors.some((entry) => entry.field === 'captcha')) return answer({ codeError: t('noJs.voucherApplyNeedsJs') });
    const emailError = fieldErrors.find((entry) => entry.field === 'email')?.message ?? null;
    const codeError = fieldErrors.find((entry) => entry.field === 'code')?.message ?? null;
    if (emailError || codeError) return answer({ emailError, codeError, ...(emailError !== null ? { emailFor: askedFor } : {}) });
  }
  return answer({ codeError: error.message });
}
