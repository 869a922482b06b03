// The cart's voucher field: apply a code (with the e-mail an e-mail-bound voucher asks for), see each
// voucher's discount, remove one. An invalid voucher stays listed with the server's message and
// blocks the order until it is removed (spec section 4). Both mutations answer with the whole cart,
// so the normalized cache updates the lines, totals and header without a refetch.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatDiscount, useFormatMoney } from '../../components/ui/Money.tsx';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { fieldErrorId } from '../../components/ui/form/index.ts';
import { formatPercent, validateField, voucherFormSchema, voucherNeedsEmail, type Locale } from '../../../../schema/rules/index.ts';
import { useLanguage } from '../../language.ts';
import { FormToken, useHydrated } from '../../forms/FormToken.tsx';
import { Captcha } from '../captcha/Captcha.tsx';
import { runWithCaptcha, useCaptcha } from '../captcha/useCaptcha.ts';
import type { CartActionData } from './cart-action-data.ts';
import { errorOf } from '../../apollo/errors.ts';

export const CartVoucherFieldsFragment = graphql(`
  fragment CartVoucherFields on CartVoucher {
    code
    kind
    valid
    problem
    message
    percent
    amount {
      amount
      currency
    }
    discount {
      ...PriceFields
    }
  }
`);

export const ApplyVoucherMutation = graphql(`
  mutation ApplyVoucher($code: String!, $email: String, $captcha: String) {
    applyVoucher(code: $code, email: $email, captcha: $captcha) {
      __typename
      ... on Cart {
        ...CartPageFields
      }
      ... on VoucherError {
        problem
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export const RemoveVoucherMutation = graphql(`
  mutation RemoveVoucher($code: String!) {
    removeVoucher(code: $code) {
      __typename
      ... on Cart {
        ...CartPageFields
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

/** "10 %", "200 Kč" or "Doprava zdarma": what a voucher is worth, as printed on it. */
export function useVoucherValue() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  return (voucher: { kind: string; percent?: number | null; amount?: { amount: number; currency: 'CZK' | 'EUR' } | null }) => {
    if (voucher.kind === 'FREE_SHIPPING') return t('voucher.freeShipping');
    if (voucher.kind === 'PERCENT') return formatPercent(voucher.percent ?? 0, language);
    return voucher.amount ? format(voucher.amount.amount, voucher.amount.currency) : '';
  };
}

/** `failed`: the answer to a form posted without JavaScript (docs/decisions/0020), shown at its fields. */
type Props = { vouchers: FragmentType<typeof CartVoucherFieldsFragment>[]; locale: Locale; failed?: CartActionData | null };

export function CartVouchers({ locale, failed, ...props }: Props) {
  const vouchers = getFragmentData(CartVoucherFieldsFragment, props.vouchers);
  const { t } = useTranslation();
  const formatDiscount = useFormatDiscount();
  const value = useVoucherValue();
  const { notify } = useNotify();
  const codeId = useId();
  const emailId = useId();
  const posted = failed?.intent === 'applyVoucher' ? failed : null;
  const removeFailed = failed?.intent === 'removeVoucher' ? failed : null;
  const hydrated = useHydrated();
  const [code, setCode] = useState(posted?.code ?? '');
  const [email, setEmail] = useState(posted?.email ?? '');
  // the code that asked for an e-mail (an e-mail-bound voucher): the field belongs to it alone
  const [emailFor, setEmailFor] = useState<string | null>(posted?.emailFor ?? null);
  const needsEmail = voucherNeedsEmail(code, emailFor);
  const [codeError, setCodeError] = useState<string | null>(posted?.codeError ?? null);
  const [emailError, setEmailError] = useState<string | null>(posted?.emailError ?? null);
  const [apply, { loading: applying }] = useMutation(ApplyVoucherMutation);
  const [remove, { loading: removing }] = useMutation(RemoveVoucherMutation);
  // after a few checks or applications from one address the server asks for a captcha (as the voucher page does)
  const captcha = useCaptcha('VOUCHER_CHECK');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);

  const onApply = async (event: FormEvent) => {
    event.preventDefault();
    const schema = voucherFormSchema(needsEmail);
    const codeProblem = code.trim() === '' ? t('voucher.empty') : validateField(code, schema.code, locale, {});
    const emailProblem = needsEmail ? validateField(email, schema.email, locale, {}) : null;
    setCodeError(codeProblem);
    setEmailError(emailProblem);
    if (codeProblem || emailProblem) return;
    try {
      const run = async (token: string | null) =>
        (await apply({ variables: { code: code.trim(), email: needsEmail ? email.trim() : null, captcha: token } })).data?.applyVoucher;
      const answered = await runWithCaptcha(captcha, { captchaNeeded, setCaptchaNeeded }, run);
      if (!answered) return;
      const { outcome } = answered;
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'Cart') {
        setCode('');
        setEmailFor(null);
        notify('success', t('voucher.applied'));
        return;
      }
      const error = errorOf(outcome);
      if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) {
        setEmailFor(code.trim().toUpperCase());
        if (outcome.problem === 'EMAIL_MISMATCH' || needsEmail) setEmailError(error.message);
        else setCodeError(error.message);
        return;
      }
      // field errors come only with a ValidationError
      if (error.fieldErrors.some((e) => e.field === 'email')) {
        setEmailError(error.fieldErrors.find((e) => e.field === 'email')?.message ?? error.message);
        return;
      }
      const captchaError = error.fieldErrors.find((e) => e.field === 'captcha')?.message;
      if (captchaError) {
        captcha.setServerError(captchaError);
        return;
      }
      setCodeError(error.message);
    } catch {
      setCodeError(t('voucher.applyFailed'));
    }
  };

  const onRemove = async (voucherCode: string) => {
    try {
      const result = await remove({ variables: { code: voucherCode } });
      const outcome = result.data?.removeVoucher;
      if (outcome?.__typename === 'Cart') notify('success', t('voucher.removed'));
      else notify('error', outcome ? errorOf(outcome).message : t('voucher.removeFailed'));
    } catch {
      notify('error', t('voucher.removeFailed'));
    }
  };

  return (
    <section className="vouchers" aria-labelledby={`${codeId}-heading`}>
      <h2 id={`${codeId}-heading`} className="vouchers__heading">
        {t('voucher.heading')}
      </h2>
      {vouchers.length > 0 && (
        <ul className="vouchers__list" data-testid="cart-vouchers">
          {vouchers.map((voucher) => (
            <li key={voucher.code} className={voucher.valid ? 'voucher' : 'voucher voucher--invalid'} data-testid="cart-voucher">
              <span className="voucher__code">{voucher.code}</span> <span className="muted">({value(voucher)})</span>
              {voucher.valid ? (
                priceOf(voucher.discount).withVat > 0 && <span className="voucher__discount"> {formatDiscount(voucher.discount)}</span>
              ) : (
                <p className="field__error voucher__problem" role="alert">
                  {t('voucher.invalid')}: {voucher.message}
                </p>
              )}
              <form method="post" className="voucher__remove" onSubmit={(event) => event.preventDefault()}>
                <FormToken />
                <input type="hidden" name="code" value={voucher.code} />
                <button type={hydrated ? 'button' : 'submit'} name="intent" value="removeVoucher" className="link-button" disabled={removing} onClick={() => void onRemove(voucher.code)} aria-label={t('voucher.removeCode', { code: voucher.code })}>
                  {t('cart.remove')}
                </button>
              </form>
              {removeFailed?.code === voucher.code && (
                <p className="field__error" role="alert">
                  {removeFailed.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="vouchers__form" method="post" onSubmit={(event) => void onApply(event)} onFocus={captchaNeeded ? captcha.prepare : undefined} noValidate>
        <FormToken />
        {emailFor && <input type="hidden" name="emailFor" value={emailFor} />}
        <div className={codeError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={codeId}>
            {t('voucher.code')}
          </label>
          <input
            id={codeId}
            name="code"
            className="field__input"
            value={code}
            autoComplete="off"
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(null);
              setEmailError(null);
            }}
            aria-invalid={!!codeError}
            aria-describedby={codeError ? fieldErrorId(codeId) : undefined}
          />
          {codeError && (
            <p id={fieldErrorId(codeId)} className="field__error" role="alert">
              {codeError}
            </p>
          )}
        </div>
        {needsEmail && (
          <div className={emailError ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={emailId}>
              {t('voucher.email')}
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              className="field__input"
              value={email}
              autoComplete="email"
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(null);
              }}
              aria-invalid={!!emailError}
              aria-describedby={emailError ? fieldErrorId(emailId) : undefined}
            />
            {emailError && (
              <p id={fieldErrorId(emailId)} className="field__error" role="alert">
                {emailError}
              </p>
            )}
          </div>
        )}
        <button type="submit" name="intent" value="applyVoucher" className="button button--secondary" disabled={applying}>
          {t('voucher.apply')}
        </button>
        {/* after the button, on a line of its own: between them it pushed the button below the field */}
        {captchaNeeded ? <Captcha captcha={captcha} id="cart-voucher-captcha" /> : null}
      </form>
    </section>
  );
}
