// /voucher (/en/voucher): check a voucher code — its value, validity window (Europe/Prague) and
// conditions — with the e-mail an e-mail-bound voucher needs, and put it into the cart.
import { useState, type FormEvent } from 'react';
import { data, Link, useActionData } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { CheckVoucherQuery as CheckVoucherData } from '~/gql/graphql';
import type { Route } from './+types/voucher';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useForm, Field } from '../components/ui/form/index.ts';
import { useFormatMoney } from '../components/ui/Money.tsx';
import { useNotify } from '../components/ui/Toasts.tsx';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { runWithCaptcha, useCaptcha } from '../features/captcha/useCaptcha.ts';
import { ApplyVoucherMutation, useVoucherValue } from '../features/cart/CartVouchers.tsx';
import { EMAIL_MAX_LENGTH, validateField, VOUCHER_CODE_MAX_LENGTH, voucherFormSchema, voucherNeedsEmail } from '../../../schema/rules/index.ts';
import { FormToken, formTokenFor, useHydrated } from '../forms/FormToken.tsx';
import { readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { applyVoucherFromForm } from '../features/cart/cart-action.server.ts';
import { apolloFor } from '../apollo/load.ts';

const CheckVoucherQuery = graphql(`
  query CheckVoucher($code: String!, $email: String, $captcha: String) {
    checkVoucher(code: $code, email: $email, captcha: $captcha) {
      __typename
      ... on VoucherCheck {
        code
        kind
        percent
        amount {
          amount
          currency
        }
        validFrom
        validUntil
        minimumOrder {
          amount
          currency
        }
        emailBound
        customerBound
        oncePerCustomer
        remainingUses
        canApply
        applyProblem
        applyMessage
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

export function loader(args: Route.LoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('voucher'), formToken: formTokenFor(args) };
}

/** What a form posted without JavaScript answered (docs/decisions/0020). */
type VoucherActionData = { code: string; email: string; emailFor: string | null; codeError: string | null; emailError: string | null; checked?: Checked | null };

/**
 * The page's forms without JavaScript: "check" runs the same query as the browser (without a
 * captcha: when the server asks for one, the shopper is told to use the cart's field), "applyVoucher"
 * the cart's mutation, then the cart page.
 */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  if (form.choice('intent', ['check', 'applyVoucher'] as const) === 'applyVoucher') return applyVoucherFromForm(args, form, href('cart', language));
  const code = form.text('code', VOUCHER_CODE_MAX_LENGTH);
  const typedEmail = form.text('email', EMAIL_MAX_LENGTH);
  // the e-mail is required only for the code that asked for it, never for another one typed after it
  const askedBy = form.text('emailFor', VOUCHER_CODE_MAX_LENGTH).trim() || null;
  const needsEmail = voucherNeedsEmail(code, askedBy);
  const answer = (fields: Partial<VoucherActionData>, status = 400) =>
    data<VoucherActionData>({ code, email: typedEmail, emailFor: needsEmail ? askedBy : null, codeError: null, emailError: null, checked: null, ...fields }, { status });
  if (form.staleToken) return answer({ codeError: t('noJs.staleForm') }, STALE_FORM_STATUS);
  const schema = voucherFormSchema(needsEmail);
  const codeError = validateField(code, schema.code, language, {});
  const emailError = validateField(typedEmail, schema.email, language, {});
  if (codeError || emailError) return answer({ codeError, emailError });
  const { data: result } = await apolloFor(args).query({
    query: CheckVoucherQuery,
    variables: { code: code.trim(), email: typedEmail.trim() || null, captcha: null },
    fetchPolicy: 'network-only',
  });
  const outcome = result?.checkVoucher;
  if (!outcome) return answer({ codeError: t('voucher.checkFailed') }, 500);
  if (outcome.__typename === 'VoucherCheck') return answer({ checked: outcome }, 200);
  const { message } = errorOf(outcome);
  if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) return answer({ emailFor: code.trim().toUpperCase(), emailError: message });
  if (outcome.__typename === 'ValidationError') {
    const fieldErrors = fieldErrorMap(outcome);
    if (fieldErrors.captcha) return answer({ codeError: t('noJs.voucherNeedsJs') }, 429);
    return answer({ codeError: fieldErrors.code ?? (fieldErrors.email ? null : message), emailError: fieldErrors.email ?? null });
  }
  return answer({ codeError: message });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.voucher.pageTitle, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

type Checked = Extract<CheckVoucherData['checkVoucher'], { __typename: 'VoucherCheck' }>;

export default function VoucherPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const value = useVoucherValue();
  const { notify } = useNotify();
  const client = useApolloClient();
  const posted = useActionData<VoucherActionData>() ?? null;
  const hydrated = useHydrated();
  // the code that asked for an e-mail (an e-mail-bound voucher): the e-mail is required for it alone
  const [emailFor, setEmailFor] = useState<string | null>(posted?.emailFor ?? null);
  const [checked, setChecked] = useState<Checked | null>(posted?.checked ?? null);
  const [checking, setChecking] = useState(false);
  const [added, setAdded] = useState(false);
  // after a few checks from one address the server asks for a captcha: solved here, then checked again
  const captcha = useCaptcha('VOUCHER_CHECK');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [apply, { loading: applying }] = useMutation(ApplyVoucherMutation);
  const form = useForm({
    initialValues: { code: posted?.code ?? '', email: posted?.email ?? '' },
    initialErrors: posted ? { ...(posted.codeError ? { code: posted.codeError } : {}), ...(posted.emailError ? { email: posted.emailError } : {}) } : undefined,
    // the server asks for the e-mail when the code needs one; another code never requires it
    schema: voucherFormSchema(false),
    locale: language,
  });
  const needsEmail = voucherNeedsEmail(form.values.code, emailFor);
  const dateTime = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' });

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(null);
    setAdded(false);
    if (!form.validateAll()) return;
    setChecking(true);
    try {
      const run = async (token: string | null) => {
        const { data } = await client.query({
          query: CheckVoucherQuery,
          variables: { code: form.values.code.trim(), email: form.values.email.trim() || null, captcha: token },
          fetchPolicy: 'network-only',
        });
        return data?.checkVoucher;
      };
      const answered = await runWithCaptcha(captcha, { captchaNeeded, setCaptchaNeeded }, run);
      if (!answered) return;
      const { outcome } = answered;
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'VoucherCheck') {
        setChecked(outcome);
        return;
      }
      const error = errorOf(outcome);
      if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) {
        setEmailFor(form.values.code.trim().toUpperCase());
        form.setServerErrors({ email: error.message });
        return;
      }
      if (outcome.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        captcha.setServerError(captchaError);
        form.setServerErrors(fieldErrors);
        if (captchaError) return;
        if (error.fieldErrors.length === 0) form.setServerErrors({ code: error.message });
        return;
      }
      form.setServerErrors({ code: error.message });
    } catch {
      notify('error', t('voucher.checkFailed'));
    } finally {
      setChecking(false);
    }
  };

  const onApply = async () => {
    if (!checked) return;
    try {
      const run = async (token: string | null) =>
        (await apply({ variables: { code: checked.code, email: form.values.email.trim() || null, captcha: token } })).data?.applyVoucher;
      // applying counts with the checks: past the free ones it needs a captcha too
      const answered = await runWithCaptcha(captcha, { captchaNeeded, setCaptchaNeeded }, run);
      if (!answered) return;
      const { outcome } = answered;
      if (outcome?.__typename === 'Cart') {
        setAdded(true);
        notify('success', t('voucher.applied'));
      } else notify('error', outcome ? errorOf(outcome).message : t('voucher.applyFailed'));
    } catch {
      notify('error', t('voucher.applyFailed'));
    }
  };

  return (
    <div className="container page narrow voucher-page">
      <h1>{t('voucher.pageTitle')}</h1>
      <p>{t('voucher.pageIntro')}</p>
      <form method="post" onSubmit={(event) => void onCheck(event)} noValidate className="form">
        <FormToken />
        {needsEmail && emailFor && <input type="hidden" name="emailFor" value={emailFor} />}
        <Field label={t('voucher.code')} autoComplete="off" error={form.errors.code} {...form.fieldProps('code')} />
        <Field label={needsEmail ? `${t('voucher.email')} *` : t('voucher.email')} type="email" autoComplete="email" hint={t('voucher.emailHint')} error={form.errors.email} {...form.fieldProps('email')} />
        {captchaNeeded ? <Captcha captcha={captcha} id="voucher-captcha" /> : null}
        <button type="submit" name="intent" value="check" className="button button--primary" disabled={checking}>
          {t('voucher.check')}
        </button>
      </form>
      {checked && (
        <section className="voucher-check" aria-live="polite" data-testid="voucher-check">
          <h2>
            {checked.code}: {value(checked)}
          </h2>
          <dl className="totals__list">
            <div>
              <dt>{t('voucher.validFrom')}</dt>
              <dd>{checked.validFrom ? dateTime.format(new Date(checked.validFrom)) : t('voucher.noLimit')}</dd>
            </div>
            <div>
              <dt>{t('voucher.validUntil')}</dt>
              <dd>{checked.validUntil ? dateTime.format(new Date(checked.validUntil)) : t('voucher.noLimit')}</dd>
            </div>
          </dl>
          <ul className="voucher-check__conditions">
            {checked.minimumOrder && <li>{t('voucher.minimum', { amount: format(checked.minimumOrder.amount, checked.minimumOrder.currency) })}</li>}
            {checked.emailBound && <li>{t('voucher.emailBound')}</li>}
            {checked.customerBound && <li>{t('voucher.customerBound')}</li>}
            {checked.oncePerCustomer && <li>{t('voucher.oncePerCustomer')}</li>}
            {checked.remainingUses !== null && checked.remainingUses !== undefined && <li>{t('voucher.remainingUses', { count: checked.remainingUses })}</li>}
            {!checked.minimumOrder && !checked.emailBound && !checked.customerBound && !checked.oncePerCustomer && checked.remainingUses == null && <li>{t('voucher.noConditions')}</li>}
          </ul>
          {checked.canApply ? (
            added ? (
              <p>
                {t('voucher.inCart')} <Link to={href('cart', language)}>{t('voucher.toCart')}</Link>
              </p>
            ) : (
              <form method="post" onSubmit={(event) => event.preventDefault()}>
                <FormToken />
                <input type="hidden" name="code" value={checked.code} />
                <input type="hidden" name="email" value={form.values.email} />
                <button type={hydrated ? 'button' : 'submit'} name="intent" value="applyVoucher" className="button button--primary" onClick={() => void onApply()} disabled={applying} data-testid="voucher-apply">
                  {t('voucher.putInCart')}
                </button>
              </form>
            )
          ) : (
            <p className="field__error" role="alert">
              {checked.applyMessage}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
