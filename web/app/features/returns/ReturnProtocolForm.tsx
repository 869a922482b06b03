// The return protocol form: order number (a customer picks one of her orders), the returned goods
// (rows with title and code, "Přidat produkt" and a remove button per row; a customer adds rows from
// the order's lines), the refund account (Czech form or IBAN), who and where, a note and the captcha.
// The same rules as the server (schema/rules/return-protocol.ts); a failed save keeps everything typed.
// Without JavaScript the form posts to its page, whose action checks it with the same rules and shows
// the messages at their fields with what was typed (`posted`); it cannot be sent without the captcha.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { ReturnLinkedOrderQuery, ReturnProtocolPageQuery, SubmitReturnProtocolMutation as SubmitReturnProtocolData } from '~/gql/graphql';
import { Field, focusFirstInvalid, useForm } from '../../components/ui/form/index.ts';
import { errorOf, fieldErrorMap } from '../../apollo/errors.ts';
import { useLanguage } from '../../language.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import { useCaptcha } from '../captcha/useCaptcha.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import {
  RETURN_LINE_MAX_QUANTITY,
  RETURN_MAX_LINES,
  RETURN_NOTE_MAX_LENGTH,
  returnLineErrors,
  returnMessage,
  returnLineFormSchema,
  returnProtocolFormSchema,
} from '../../../../schema/rules/return-protocol.ts';
import { required } from '../../../../schema/rules/validators.ts';
import { FormToken } from '../../forms/FormToken.tsx';

export const SubmitReturnProtocolMutation = graphql(`
  mutation SubmitReturnProtocol($input: ReturnProtocolInput!) {
    submitReturnProtocol(input: $input) {
      __typename
      ... on ReturnProtocol {
        id
        number
        orderNumber
        email
        lines {
          productTitle
          productCode
          quantity
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export type ReturnProtocolResult = Extract<SubmitReturnProtocolData['submitReturnProtocol'], { __typename: 'ReturnProtocol' }>;
type PageData = ReturnProtocolPageQuery;
/** A guest order opened by its summary link: its number, and the link's secret that lets a guest return it. */
export type LinkedOrder = { number: string; hash: string; databaseId: number | null };
/** The linked order as its secret reads it: the form takes the customer's name, contacts, address and goods from it. */
export type LinkedOrderDetails = NonNullable<ReturnLinkedOrderQuery['order']>;
type Line = { key: number; productTitle: string; productCode: string; quantity: string; reason: string };
export type ReturnLineValues = Omit<Line, 'key'>;
export const RETURN_LINE_FIELDS = ['productTitle', 'productCode', 'quantity', 'reason'] as const;
type LineField = (typeof RETURN_LINE_FIELDS)[number];
export type ReturnFormValues = ReturnType<typeof initialReturnValues>;

/** What the page's action answered to the form posted without JavaScript: what was typed and why it was refused. */
export type PostedReturnForm = { values: ReturnFormValues; lines: ReturnLineValues[]; errors: Record<string, string>; failure: string | null };

/** Fields the protocol cannot go without: their labels carry a star (a bank code only with a Czech account number, so none). */
const REQUIRED = new Set(Object.entries(returnProtocolFormSchema).filter(([, rules]) => rules.includes(required)).map(([name]) => name));
const LINE_REQUIRED = new Set(Object.entries(returnLineFormSchema).filter(([, rules]) => rules.includes(required)).map(([name]) => name));

const emptyLine = (key: number): Line => ({ key, productTitle: '', productCode: '', quantity: '1', reason: '' });

/** The messages of one goods row as typed (its quantity is text in the form). */
export function lineErrors(line: ReturnLineValues, index: number, language: Locale): Record<string, string> {
  return returnLineErrors({ ...line, quantity: Number(line.quantity) }, index, language);
}

export function initialReturnValues(data: PageData | undefined, linkedOrder: LinkedOrder | null = null, linked: LinkedOrderDetails | null = null) {
  const me = data?.me;
  // the order's own invoice address first: it is who bought the goods and where
  const address = linked?.invoiceAddress ?? me?.addresses.find((item) => item.kind === 'INVOICE') ?? me?.addresses[0];
  return {
    orderNumber: linkedOrder?.number ?? '',
    bankAccount: '',
    bankCode: '',
    firstName: linked?.invoiceAddress?.firstName || me?.firstName || '',
    lastName: linked?.invoiceAddress?.lastName || me?.lastName || '',
    email: linked?.email || me?.email || '',
    phone: linked?.phone || me?.phone || (address && 'phone' in address ? address.phone : null) || '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country: address?.country || 'CZ',
    note: '',
  };
}

export function ReturnProtocolForm({
  data,
  linkedOrder = null,
  linkedDetails = null,
  posted = null,
  onDone,
}: {
  data: PageData | undefined;
  linkedOrder?: LinkedOrder | null;
  linkedDetails?: LinkedOrderDetails | null;
  posted?: PostedReturnForm | null;
  onDone: (result: ReturnProtocolResult) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const postedLines = posted?.lines.length ? posted.lines.map((line, index) => ({ ...line, key: index + 1 })) : null;
  const form = useForm({
    initialValues: posted?.values ?? initialReturnValues(data, linkedOrder, linkedDetails),
    initialErrors: posted ? Object.fromEntries(Object.entries(posted.errors).filter(([field]) => !field.startsWith('lines'))) : undefined,
    schema: returnProtocolFormSchema,
    locale: language,
  });
  const nextKey = useRef((postedLines?.length ?? 1) + 1);
  const [lines, setLines] = useState<Line[]>(postedLines ?? [emptyLine(1)]);
  const [lineErrorMap, setLineErrors] = useState<Record<string, string>>(
    posted ? Object.fromEntries(Object.entries(posted.errors).filter(([field]) => field.startsWith('lines'))) : {},
  );
  const [formError, setFormError] = useState<string | null>(posted?.failure ?? null);
  const [submit, { loading }] = useMutation(SubmitReturnProtocolMutation);
  const captcha = useCaptcha('RETURN_PROTOCOL');
  const orderPickId = useId();
  const linePickId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const ownOrders = data?.me?.orders.edges.map((edge) => edge.node) ?? [];
  // the order the form was opened from offers its goods too (a guest has no other orders)
  const orders = linkedDetails && !ownOrders.some((order) => order.number === linkedDetails.number) ? [linkedDetails, ...ownOrders] : ownOrders;
  const pickedOrder = orders.find((order) => order.number === form.values.orderNumber) ?? null;

  const validateLine = (line: Line, index: number): Record<string, string> => lineErrors(line, index, language);

  const updateLine = (index: number, field: LineField, value: string) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
    setLineErrors((current) => {
      const next = { ...current };
      delete next[`lines.${index}.${field}`];
      return next;
    });
  };

  const addLine = (line?: Omit<Line, 'key'>) => {
    if (lines.length >= RETURN_MAX_LINES) return;
    const key = nextKey.current++;
    setLines((current) => {
      // a picked order line fills the first empty row before adding one
      const emptyIndex = line ? current.findIndex((row) => !row.productTitle && !row.productCode) : -1;
      if (line && emptyIndex >= 0) return current.map((row, i) => (i === emptyIndex ? { ...line, key: row.key } : row));
      return [...current, line ? { ...line, key } : emptyLine(key)];
    });
    setLineErrors((current) => {
      const next = { ...current };
      delete next.lines;
      return next;
    });
    if (!line) requestAnimationFrame(() => document.getElementById(`return-line-${key}-title`)?.focus());
  };

  const removeLine = (index: number) => {
    setLines((current) => current.filter((_line, i) => i !== index));
    setLineErrors({});
    requestAnimationFrame(() => document.getElementById('return-add-line')?.focus());
  };

  const showFailure = (text: string) => {
    setFormError(text);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const mainValid = form.validateAll();
    const rowErrors = Object.assign({}, ...lines.map(validateLine)) as Record<string, string>;
    if (lines.length === 0) rowErrors.lines = returnMessage('noLines', language);
    setLineErrors(rowErrors);
    if (!mainValid || Object.keys(rowErrors).length > 0) {
      // the goods' rows are no form fields: the first invalid control of all
      requestAnimationFrame(() => focusFirstInvalid(document, '.return-form [aria-invalid="true"]'));
      return;
    }
    const token = await captcha.take();
    if (!token) return;
    const input = {
      ...form.values,
      lines: lines.map((line) => ({ productTitle: line.productTitle, productCode: line.productCode, quantity: Number(line.quantity), reason: line.reason })),
      captcha: token,
      // a guest order is returned only through its summary link (the server checks the secret)
      orderHash: linkedOrder && form.values.orderNumber.trim() === linkedOrder.number ? linkedOrder.hash : null,
    };
    try {
      const result = await submit({ variables: { input } });
      const outcome = result.data?.submitReturnProtocol;
      if (outcome?.__typename === 'ReturnProtocol') {
        onDone(outcome);
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        const { captcha: captchaError, ...errors } = fieldErrorMap(outcome);
        const rows = Object.fromEntries(Object.entries(errors).filter(([field]) => field.startsWith('lines')));
        form.setServerErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('lines'))));
        setLineErrors(rows);
        captcha.setServerError(captchaError);
        if (!captchaError) showFailure(errorOf(outcome).message);
        return;
      }
      if (outcome?.__typename === 'ReturnOrderNotFoundError') {
        form.setServerErrors({ orderNumber: errorOf(outcome).message });
        return;
      }
      showFailure(outcome ? errorOf(outcome).message : t('returns.saveFailed'));
    } catch {
      showFailure(t('returns.saveFailed'));
    }
  };

  return (
    <form className="return-form" method="post" onSubmit={onSubmit} onFocus={captcha.prepare} noValidate data-testid="return-form">
      <FormToken />
      {formError && (
        <p ref={errorRef} className="return-form__failure" role="alert" tabIndex={-1} data-testid="return-failure">
          {formError}
        </p>
      )}

      <fieldset className="form-section">
        <legend>{t('returns.order')}</legend>
        {orders.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={orderPickId}>
              {t('returns.pickOrder')}
            </label>
            <select id={orderPickId} className="field__input" value={pickedOrder?.number ?? ''} onChange={(event) => form.setValue('orderNumber', event.target.value)}>
              <option value="">{t('returns.pickOrderNone')}</option>
              {orders.map((order) => (
                <option key={order.id} value={order.number}>
                  {order.number} – {formatDate(order.createdAt, language)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field label={t('returns.orderNumber')} hint={t(data?.me || linkedOrder ? 'returns.orderNumberHint' : 'returns.orderNumberGuestHint')} inputMode="numeric" autoComplete="off" maxLength={20} required={REQUIRED.has('orderNumber')} error={form.errors.orderNumber} {...form.fieldProps('orderNumber')} />
      </fieldset>

      <fieldset className="form-section" aria-describedby={lineErrorMap.lines ? 'return-lines-error' : undefined}>
        <legend>{t('returns.goods')}</legend>
        {pickedOrder && pickedOrder.lines.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={linePickId}>
              {t('returns.pickLine')}
            </label>
            <select
              id={linePickId}
              className="field__input"
              value=""
              onChange={(event) => {
                const picked = pickedOrder.lines.find((line) => line.id === event.target.value);
                if (picked) addLine({ productTitle: [picked.name, picked.size].filter(Boolean).join(' – '), productCode: picked.productCode, quantity: String(picked.quantity), reason: '' });
              }}
            >
              <option value="">—</option>
              {pickedOrder.lines.map((line) => (
                <option key={line.id} value={line.id}>
                  {[line.name, line.size].filter(Boolean).join(' – ')} ({line.productCode})
                </option>
              ))}
            </select>
          </div>
        )}
        <ol className="return-lines">
          {lines.map((line, index) => {
            const error = (field: LineField) => lineErrorMap[`lines.${index}.${field}`];
            // the title's id is the one "Přidat produkt" focuses
            const inputId = (field: LineField) => `return-line-${line.key}-${field === 'productTitle' ? 'title' : field}`;
            return (
              <li key={line.key} className="return-line" data-testid="return-line">
                <fieldset>
                  <legend className="return-line__legend">{t('returns.row', { number: index + 1 })}</legend>
                  <div className="return-line__grid">
                    {RETURN_LINE_FIELDS.map((field) => (
                      <div key={field} className={error(field) ? 'field field--invalid' : 'field'}>
                        <label className="field__label" htmlFor={inputId(field)}>
                          {t(`returns.${field}`)}
                          {LINE_REQUIRED.has(field) ? ' *' : null}
                        </label>
                        <input
                          id={inputId(field)}
                          name={`lines.${index}.${field}`}
                          className="field__input"
                          type={field === 'quantity' ? 'number' : 'text'}
                          min={field === 'quantity' ? 1 : undefined}
                          max={field === 'quantity' ? RETURN_LINE_MAX_QUANTITY : undefined}
                          maxLength={field === 'productTitle' ? 200 : field === 'productCode' ? 64 : field === 'reason' ? 500 : undefined}
                          value={line[field]}
                          aria-invalid={Boolean(error(field))}
                          aria-required={LINE_REQUIRED.has(field) || undefined}
                          aria-describedby={error(field) ? `${inputId(field)}-error` : undefined}
                          onChange={(event) => updateLine(index, field, event.target.value)}
                        />
                        {error(field) && (
                          <p id={`${inputId(field)}-error`} className="field__error" role="alert">
                            {error(field)}
                          </p>
                        )}
                      </div>
                    ))}
                  </div>
                  {lines.length > 1 && (
                    <button type="button" className="link-button return-line__remove" onClick={() => removeLine(index)}>
                      {t('returns.removeProduct', { number: index + 1 })}
                    </button>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {lineErrorMap.lines && (
          <p id="return-lines-error" className="field__error" role="alert">
            {lineErrorMap.lines}
          </p>
        )}
        <button id="return-add-line" type="button" className="button button--secondary" onClick={() => addLine()} disabled={lines.length >= RETURN_MAX_LINES}>
          + {t('returns.addProduct')}
        </button>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('returns.refund')}</legend>
        <div className="return-form__account">
          <Field label={t('returns.bankAccount')} hint={t('returns.bankAccountHint')} autoComplete="off" spellCheck={false} maxLength={42} required={REQUIRED.has('bankAccount')} error={form.errors.bankAccount} {...form.fieldProps('bankAccount')} />
          <Field label={t('returns.bankCode')} hint={t('returns.bankCodeHint')} autoComplete="off" inputMode="numeric" spellCheck={false} maxLength={4} required={REQUIRED.has('bankCode')} error={form.errors.bankCode} {...form.fieldProps('bankCode')} />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('returns.contact')}</legend>
        <div className="return-form__grid">
          <Field label={t('returns.firstName')} autoComplete="given-name" maxLength={100} required={REQUIRED.has('firstName')} error={form.errors.firstName} {...form.fieldProps('firstName')} />
          <Field label={t('returns.lastName')} autoComplete="family-name" maxLength={100} required={REQUIRED.has('lastName')} error={form.errors.lastName} {...form.fieldProps('lastName')} />
          <Field label={t('returns.email')} hint={t('returns.emailHint')} type="email" autoComplete="email" maxLength={254} required={REQUIRED.has('email')} error={form.errors.email} {...form.fieldProps('email')} />
          <Field label={t('returns.phone')} type="tel" autoComplete="tel" maxLength={20} required={REQUIRED.has('phone')} error={form.errors.phone} {...form.fieldProps('phone')} />
          <Field label={t('returns.street')} autoComplete="address-line1" maxLength={200} required={REQUIRED.has('street')} error={form.errors.street} {...form.fieldProps('street')} />
          <Field label={t('returns.city')} autoComplete="address-level2" maxLength={100} required={REQUIRED.has('city')} error={form.errors.city} {...form.fieldProps('city')} />
          {/* the country before the postcode it decides: its message comes and goes after the select */}
          <Field label={t('returns.country')} required={REQUIRED.has('country')} error={form.errors.country} {...form.fieldProps('country')}>
            {(control) => (
              <select {...control} autoComplete="country">
                <option value="CZ">{t('returns.countries.CZ')}</option>
                <option value="SK">{t('returns.countries.SK')}</option>
              </select>
            )}
          </Field>
          <Field label={t('returns.postcode')} autoComplete="postal-code" inputMode="numeric" maxLength={10} required={REQUIRED.has('postcode')} error={form.errors.postcode} {...form.fieldProps('postcode')} />
        </div>
        <Field label={t('returns.note')} required={REQUIRED.has('note')} error={form.errors.note} {...form.fieldProps('note')}>
          {(control) => <textarea {...control} rows={4} maxLength={RETURN_NOTE_MAX_LENGTH} />}
        </Field>
      </fieldset>

      <Captcha captcha={captcha} id="return-captcha" />
      <button type="submit" className="button button--primary button--large" disabled={loading} data-testid="return-submit">
        {loading ? t('returns.submitting') : t('returns.submit')}
      </button>
    </form>
  );
}
