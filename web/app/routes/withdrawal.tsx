// Withdrawal from the contract (docs/decisions/0061): /ucet/objednavka/{id}/odstoupeni for the signed-in
// owner (/en/account/order/{id}/withdrawal), /objednavka/odstoupeni/{id}/{hash} from a summary link
// (/en/order/withdrawal/{id}/{hash}). Step 1 asks only what the law allows: the items and pieces (all by
// default), name and e-mail (prefilled for a customer), the refund account and an optional reason.
// Step 2 "Potvrdit odstoupení" shows the declaration; the owner's is received at once, a guest's waits
// for the link sent to the order's e-mail. Plain forms posted to this page: they work with and without
// JavaScript alike, each message at its field and everything typed kept (docs/decisions/0020).
import { useEffect, useRef } from 'react';
import { data, Form, Link, useActionData } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { getFragmentData, graphql } from '~/gql';
import type { Route } from './+types/withdrawal';
import { apolloFor, notFound } from '../apollo/load.ts';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { FormToken, formTokenFor } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { orderPageMeta, OrderNotFoundBoundary } from '../features/orders/order-page.tsx';
import { WITHDRAWAL_NOTICE_PARAM, WITHDRAWAL_NOTICE_VALUES } from '../features/withdrawal/WithdrawalSection.tsx';
import { formatDate } from '../../../schema/rules/dates.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { declarationText, WITHDRAWAL_REASON_MAX_LENGTH } from '../../../schema/rules/withdrawal.ts';
import type { Locale } from '../../../schema/rules/locale.ts';

// What the page shows of the order, whichever way it was reached (the owner's account or a summary link).
const WithdrawalOrderFieldsFragment = graphql(`
  fragment WithdrawalOrderFields on Order {
    databaseId
    number
    createdAt
    email
    invoiceAddress {
      firstName
      lastName
    }
    withdrawal {
      available
      lastDay
      unavailableReason
      lines {
        orderLineId
        name
        size
        bought
        withdrawable
        excludedReason
      }
    }
  }
`);

const WithdrawalAccountOrderQuery = graphql(`
  query WithdrawalAccountOrder($databaseId: Int!) {
    me {
      id
      firstName
      lastName
      email
    }
    accountOrder(databaseId: $databaseId) {
      ...WithdrawalOrderFields
    }
  }
`);

const WithdrawalGuestOrderQuery = graphql(`
  query WithdrawalGuestOrder($databaseId: Int!, $hash: String!) {
    me {
      id
      firstName
      lastName
      email
    }
    order(databaseId: $databaseId, hash: $hash) {
      ...WithdrawalOrderFields
    }
  }
`);

const CheckWithdrawalMutation = graphql(`
  mutation CheckWithdrawal($input: WithdrawalInput!) {
    checkWithdrawal(input: $input) {
      __typename
      ... on WithdrawalDeclaration {
        orderNumber
        orderedAt
        name
        email
        refundAccount
        reason
        confirmsAtOnce
        lines {
          orderLineId
          name
          size
          quantity
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

const SubmitWithdrawalMutation = graphql(`
  mutation SubmitWithdrawal($input: WithdrawalInput!) {
    submitWithdrawal(input: $input) {
      __typename
      ... on Withdrawal {
        databaseId
        state
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

type FormValues = { name: string; email: string; bankAccount: string; bankCode: string; reason: string; quantities: Record<string, string> };
type Declaration = { orderNumber: string; orderedAt: string; name: string; refundAccount: string; reason: string; confirmsAtOnce: boolean; lines: { name: string; size?: string | null; quantity: number }[] };
type Posted = { step: 1 | 2; values: FormValues; errors: Record<string, string>; failure: string | null; declaration: Declaration | null };

const FIELD_LIMITS = { name: 200, email: 254, bankAccount: 42, bankCode: 4, reason: WITHDRAWAL_REASON_MAX_LENGTH } as const;

type PageArgs = Route.LoaderArgs | Route.ActionArgs;

/** The order this page is for: the signed-in owner's (no hash in the address) or the summary link's. */
async function orderOf(args: PageArgs) {
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw notFound(args.request);
  const databaseId = Number(id);
  const hash = args.params.hash ?? null;
  const client = apolloFor(args);
  if (hash) {
    const { data: answer } = await client.query({ query: WithdrawalGuestOrderQuery, variables: { databaseId, hash }, fetchPolicy: 'network-only' });
    if (!answer?.order) throw notFound(args.request);
    return { order: getFragmentData(WithdrawalOrderFieldsFragment, answer.order), me: answer.me ?? null, hash };
  }
  const { data: answer } = await client.query({ query: WithdrawalAccountOrderQuery, variables: { databaseId }, fetchPolicy: 'network-only' });
  if (!answer?.accountOrder) throw notFound(args.request);
  return { order: getFragmentData(WithdrawalOrderFieldsFragment, answer.accountOrder), me: answer.me ?? null, hash: null };
}

function orderPath(language: Locale, databaseId: number, hash: string | null): string {
  return hash ? href('orderSummary', language, { id: databaseId, hash }) : href('orderDetail', language, { id: databaseId });
}

export async function loader(args: Route.LoaderArgs) {
  const language = languageOfRequest(args.request);
  const { order, me, hash } = await orderOf(args);
  const id = String(order.databaseId);
  const alternates = hash ? alternatesFor('withdrawalGuest', { id, hash }) : alternatesFor('withdrawalAccount', { id });
  const invoiceName = `${order.invoiceAddress.firstName} ${order.invoiceAddress.lastName}`.trim();
  // a signed-in customer is not asked again; a summary link's holder sees the order's own details anyway
  const prefill = { name: me ? `${me.firstName} ${me.lastName}`.trim() : invoiceName, email: me?.email ?? order.email };
  return { language, order, hash, prefill, alternates, formToken: formTokenFor(args), backTo: orderPath(language, order.databaseId, hash) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  const { order, hash } = await orderOf(args);
  const values: FormValues = {
    name: form.text('name', FIELD_LIMITS.name),
    email: form.text('email', FIELD_LIMITS.email),
    bankAccount: form.text('bankAccount', FIELD_LIMITS.bankAccount),
    bankCode: form.text('bankCode', FIELD_LIMITS.bankCode),
    reason: form.text('reason', FIELD_LIMITS.reason),
    quantities: Object.fromEntries(order.withdrawal.lines.filter((line) => !line.excludedReason).map((line) => [String(line.orderLineId), form.text(`qty.${line.orderLineId}`, 3)])),
  };
  const answer = (fields: Partial<Posted>, status = 200) => data<Posted>({ step: 1, values, errors: {}, failure: null, declaration: null, ...fields }, { status });
  if (form.staleToken) return answer({ failure: t('noJs.staleForm') }, STALE_FORM_STATUS);
  const intent = form.choice('intent', ['review', 'confirm', 'edit'] as const) ?? 'review';
  if (intent === 'edit') return answer({});
  const input = {
    orderId: order.databaseId,
    orderHash: hash,
    items: Object.entries(values.quantities).map(([orderLineId, quantity]) => ({
      orderLineId: Number(orderLineId),
      // a value that is no whole number is sent as -1, which the BFF refuses with the items' message
      quantity: /^\d{1,3}$/.test(quantity.trim()) ? Number(quantity.trim()) : -1,
    })),
    name: values.name,
    email: values.email,
    bankAccount: values.bankAccount,
    bankCode: values.bankCode,
    reason: values.reason,
  };
  const failed = (outcome: Parameters<typeof errorOf>[0], typename: string) => {
    const errors = fieldErrorMap(outcome);
    const status = typename === 'ValidationError' ? 400 : typename === 'TooManyAttemptsError' ? 429 : typename === 'WithdrawalOrderNotFoundError' ? 404 : 409;
    return answer({ errors, failure: Object.keys(errors).length > 0 ? null : errorOf(outcome).message }, status);
  };
  const client = apolloFor(args);
  if (intent === 'review') {
    const checked = (await client.mutate({ mutation: CheckWithdrawalMutation, variables: { input } })).data?.checkWithdrawal;
    if (!checked) return answer({ failure: t('error.generic') }, 500);
    if (checked.__typename !== 'WithdrawalDeclaration') return failed(checked, checked.__typename);
    const { __typename, ...declaration } = checked;
    return answer({ step: 2, declaration: { ...declaration, orderedAt: String(declaration.orderedAt) } });
  }
  const submitted = (await client.mutate({ mutation: SubmitWithdrawalMutation, variables: { input } })).data?.submitWithdrawal;
  if (!submitted) return answer({ failure: t('error.generic') }, 500);
  if (submitted.__typename !== 'Withdrawal') return failed(submitted, submitted.__typename);
  const notice = WITHDRAWAL_NOTICE_VALUES[language][submitted.state === 'PENDING_CONFIRMATION' ? 'pending' : 'confirmed'];
  return backToPage(args.request, `${orderPath(language, order.databaseId, hash)}?${WITHDRAWAL_NOTICE_PARAM[language]}=${notice}#withdrawal-heading`);
}

export const meta: Route.MetaFunction = (args) => orderPageMeta(args, 'withdrawal.title', args.loaderData?.order.number);

export const ErrorBoundary = OrderNotFoundBoundary;

export default function WithdrawalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const posted = useActionData<typeof action>() ?? null;
  const { order, prefill, backTo } = loaderData;
  const offer = order.withdrawal;
  const root = useRef<HTMLDivElement>(null);
  // a refused form: focus the first field with a message, else the message above the form
  useEffect(() => {
    if (!posted) return;
    const target = root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-first]');
    target?.focus();
  }, [posted]);
  const values: FormValues = posted?.values ?? {
    ...prefill,
    bankAccount: '',
    bankCode: '',
    reason: '',
    quantities: Object.fromEntries(offer.lines.filter((line) => !line.excludedReason).map((line) => [String(line.orderLineId), String(line.withdrawable)])),
  };
  const errors = posted?.errors ?? {};
  return (
    <div className="container page withdrawal-page" ref={root} data-testid="withdrawal-page">
      <h1>{t('withdrawal.title', { number: order.number })}</h1>
      {posted?.failure && (
        <p className="field__error" role="alert" tabIndex={-1} data-focus-first data-testid="withdrawal-failure">
          {posted.failure}
        </p>
      )}
      {!offer.available ? (
        <p data-testid="withdrawal-unavailable">{offer.unavailableReason}</p>
      ) : posted?.step === 2 && posted.declaration ? (
        <Review declaration={posted.declaration} values={values} />
      ) : (
        <Form method="post" reloadDocument noValidate className="withdrawal-form" data-testid="withdrawal-form">
          <FormToken />
          <p>{t('withdrawal.intro')}</p>
          <fieldset>
            <legend>{t('withdrawal.goods')}</legend>
            {errors.items && (
              <p className="field__error" role="alert" id="withdrawal-items-error">
                {errors.items}
              </p>
            )}
            {offer.lines.map((line) =>
              line.excludedReason ? (
                <p key={line.orderLineId} className="withdrawal-form__excluded" data-testid="withdrawal-excluded-line">
                  <strong>{line.name}</strong>: {line.excludedReason}
                </p>
              ) : (
                <QuantityField key={line.orderLineId} line={line} value={values.quantities[String(line.orderLineId)] ?? ''} error={errors[`items.${line.orderLineId}`]} />
              ),
            )}
          </fieldset>
          <TextField name="name" label={t('withdrawal.name')} value={values.name} error={errors.name} autoComplete="name" required />
          <TextField name="email" label={t('withdrawal.email')} value={values.email} error={errors.email} type="email" autoComplete="email" required />
          <div className="withdrawal-form__account">
            <TextField name="bankAccount" label={t('withdrawal.bankAccount')} value={values.bankAccount} error={errors.bankAccount} hint={t('withdrawal.bankAccountHint')} required />
            <TextField name="bankCode" label={t('withdrawal.bankCode')} value={values.bankCode} error={errors.bankCode} hint={t('withdrawal.bankCodeHint')} inputMode="numeric" />
          </div>
          <TextField name="reason" label={t('withdrawal.reason')} value={values.reason} error={errors.reason} multiline />
          <button type="submit" name="intent" value="review" className="button button--primary button--large" data-testid="withdrawal-continue">
            {t('withdrawal.continue')}
          </button>
        </Form>
      )}
      <p>
        <Link to={backTo} reloadDocument>
          {t('withdrawal.back')}
        </Link>
        {' · '}
        <Link to={href('withdrawalModelForm', language)}>{t('withdrawal.modelForm')}</Link>
      </p>
    </div>
  );
}

function Review({ declaration, values }: { declaration: Declaration; values: FormValues }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const lines = declarationText(
    {
      name: declaration.name,
      orderNumber: declaration.orderNumber,
      orderedOn: formatDate(declaration.orderedAt, language),
      items: declaration.lines.map((line) => [line.name, line.size, piecesText(line.quantity, language)].filter(Boolean).join(', ')),
      refundAccount: declaration.refundAccount,
      reason: declaration.reason,
    },
    language,
  );
  return (
    <Form method="post" reloadDocument className="withdrawal-review" data-testid="withdrawal-review">
      <FormToken />
      <h2 ref={heading} tabIndex={-1}>
        {t('withdrawal.reviewTitle')}
      </h2>
      <p>{t('withdrawal.reviewIntro')}</p>
      <blockquote className="withdrawal-review__declaration" data-testid="withdrawal-declaration">
        {lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </blockquote>
      {!declaration.confirmsAtOnce && <p data-testid="withdrawal-guest-note">{t('withdrawal.guestNote')}</p>}
      {(['name', 'email', 'bankAccount', 'bankCode', 'reason'] as const).map((field) => (
        <input key={field} type="hidden" name={field} value={values[field]} />
      ))}
      {Object.entries(values.quantities).map(([lineId, quantity]) => (
        <input key={lineId} type="hidden" name={`qty.${lineId}`} value={quantity} />
      ))}
      <div className="withdrawal-review__actions">
        <button type="submit" name="intent" value="confirm" className="button button--primary button--large" data-testid="withdrawal-confirm">
          {t('withdrawal.confirm')}
        </button>
        <button type="submit" name="intent" value="edit" className="button button--secondary">
          {t('withdrawal.edit')}
        </button>
      </div>
    </Form>
  );
}

function QuantityField({ line, value, error }: { line: { orderLineId: number; name: string; size?: string | null; withdrawable: number }; value: string; error?: string }) {
  const { t } = useTranslation();
  const id = `withdrawal-qty-${line.orderLineId}`;
  const label = [line.name, line.size].filter(Boolean).join(', ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('withdrawal.quantity', { name: label, max: line.withdrawable })}
      </label>
      <select id={id} name={`qty.${line.orderLineId}`} defaultValue={value} className="field__input" aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined}>
        {!/^\d+$/.test(value) || Number(value) > line.withdrawable ? <option value={value}>{value}</option> : null}
        {Array.from({ length: line.withdrawable + 1 }, (_, count) => (
          <option key={count} value={String(count)}>
            {count}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function TextField(props: {
  name: keyof typeof FIELD_LIMITS;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const id = `withdrawal-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    defaultValue: props.value,
    className: 'field__input',
    maxLength: FIELD_LIMITS[props.name],
    'aria-invalid': !!props.error,
    'aria-describedby': describedBy,
    ...(props.required ? { 'aria-required': true } : {}),
  };
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {props.label}
        {props.required ? ' *' : null}
      </label>
      {props.multiline ? <textarea {...common} rows={4} /> : <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} inputMode={props.inputMode} />}
      {props.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
