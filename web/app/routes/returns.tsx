// /reklamace (/en/complaint): the return protocol form and, once it is sent, its confirmation on the
// same page (a protocol is readable only as the answer to the mutation that sent it). A signed-in
// customer picks the order and its lines; everyone gets the protocol as a PDF by e-mail.
import { useEffect, useRef, useState } from 'react';
import { data, Link, useActionData, useLocation } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/returns';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import {
  lineErrors,
  RETURN_LINE_FIELDS,
  ReturnProtocolForm,
  type LinkedOrder,
  type PostedReturnForm,
  type ReturnFormValues,
  type ReturnLineValues,
  type ReturnProtocolResult,
} from '../features/returns/ReturnProtocolForm.tsx';
import { usePageQuery } from '../apollo/page-query.ts';
import { formTokenFor } from '../forms/FormToken.tsx';
import { readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { RETURN_MAX_LINES, RETURN_NOTE_MAX_LENGTH, returnMessage, returnProtocolFormSchema } from '../../../schema/rules/return-protocol.ts';
import { validateForm } from '../../../schema/rules/validators.ts';

const ReturnProtocolPageQuery = graphql(`
  query ReturnProtocolPage {
    me {
      id
      firstName
      lastName
      email
      phone
      addresses {
        id
        kind
        phone
        street
        city
        postcode
        country
      }
      orders(first: 20) {
        edges {
          node {
            id
            number
            createdAt
            lines {
              id
              name
              size
              productCode
              quantity
            }
          }
        }
      }
    }
  }
`);

/** The order the form was opened from (its summary's "return goods" link): who ordered, where to, and its goods. */
const ReturnLinkedOrderQuery = graphql(`
  query ReturnLinkedOrder($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      id
      number
      createdAt
      email
      phone
      invoiceAddress {
        firstName
        lastName
        street
        city
        postcode
        country
      }
      lines {
        id
        name
        size
        productCode
        quantity
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: ReturnProtocolPageQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('complaint'), formToken: formTokenFor(args) };
}

export const loader = (args: Route.LoaderArgs) => load(args);

/** The longest value the form's fields take (the inputs' maxLength); a longer one is cut one past it, so its rule names it. */
const FIELD_LIMITS: Record<keyof ReturnFormValues, number> = {
  orderNumber: 20,
  bankAccount: 42,
  bankCode: 4,
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 20,
  street: 200,
  city: 100,
  postcode: 10,
  country: 2,
  note: RETURN_NOTE_MAX_LENGTH,
};
const LINE_LIMITS: Record<keyof ReturnLineValues, number> = { productTitle: 200, productCode: 64, quantity: 3, reason: 500 };

/**
 * The form posted without JavaScript (docs/decisions/0020): checked with the rules the browser and the
 * BFF run, each message at its field and everything typed kept. It is never sent from here: the
 * protocol needs the captcha, a proof of work only a browser with JavaScript solves, so a form without
 * mistakes is answered with that notice (nothing is counted or saved).
 */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  const values = Object.fromEntries(Object.entries(FIELD_LIMITS).map(([field, limit]) => [field, form.text(field, limit)])) as ReturnFormValues;
  const lines: ReturnLineValues[] = [];
  for (let index = 0; index < RETURN_MAX_LINES && form.has(`lines.${index}.productTitle`); index++) {
    lines.push(Object.fromEntries(RETURN_LINE_FIELDS.map((field) => [field, form.text(`lines.${index}.${field}`, LINE_LIMITS[field])])) as ReturnLineValues);
  }
  const answer = (fields: Partial<PostedReturnForm>, status: number) =>
    data<PostedReturnForm>({ values, lines, errors: {}, failure: null, ...fields }, { status });
  if (form.staleToken) return answer({ failure: t('noJs.staleForm') }, STALE_FORM_STATUS);
  const errors: Record<string, string> = {
    ...validateForm(values, returnProtocolFormSchema, language),
    ...Object.assign({}, ...lines.map((line, index) => lineErrors(line, index, language))),
  };
  if (lines.length === 0) errors.lines = returnMessage('noLines', language);
  if (Object.keys(errors).length > 0) return answer({ errors }, 400);
  return answer({ failure: t('noJs.returnNeedsJs', { email: SUPPLIER.complaintsEmail }) }, 400);
}

export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.returns.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches })
    : [];

/** The order the order summary's "return goods" link came from (in the history entry's state, never in the address). */
function linkedOrderOf(state: unknown): LinkedOrder | null {
  const order = (state as { returnOrder?: unknown } | null)?.returnOrder as Partial<LinkedOrder> | undefined;
  if (typeof order?.number !== 'string' || typeof order.hash !== 'string') return null;
  return { number: order.number, hash: order.hash, databaseId: typeof order.databaseId === 'number' ? order.databaseId : null };
}

export default function ReturnsPage() {
  const { t } = useTranslation();
  const { data } = usePageQuery(ReturnProtocolPageQuery);
  const linkedOrder = linkedOrderOf(useLocation().state);
  // the linked order's details fill the form (the link's secret reads them, as it reads its summary)
  const linked = usePageQuery(ReturnLinkedOrderQuery, {
    variables: { databaseId: linkedOrder?.databaseId ?? 0, hash: linkedOrder?.hash ?? '' },
    skip: linkedOrder?.databaseId == null,
  });
  const linkedDetails = linked.data?.order ?? null;
  const posted = useActionData<typeof action>() ?? null;
  const [done, setDone] = useState<ReturnProtocolResult | null>(null);
  // a new form (empty, with the customer's details again) after "Vyplnit další protokol"
  const [round, setRound] = useState(0);
  return (
    <div className="container page return-page">
      <h1>{t('returns.title')}</h1>
      {done ? (
        <ReturnConfirmation protocol={done} onAnother={() => { setDone(null); setRound((value) => value + 1); }} />
      ) : (
        <>
          <p>{t('returns.intro')}</p>
          <noscript>
            <p className="return-form__failure">{t('returns.noScript', { email: SUPPLIER.complaintsEmail })}</p>
          </noscript>
          <ReturnProtocolForm
            key={`${round}:${data?.me?.id ?? 'guest'}:${linkedOrder?.number ?? ''}:${linkedDetails ? 'filled' : ''}`}
            data={data}
            linkedOrder={linkedOrder}
            linkedDetails={linkedDetails}
            posted={posted}
            onDone={setDone}
          />
        </>
      )}
    </div>
  );
}

function ReturnConfirmation({ protocol, onAnother }: { protocol: ReturnProtocolResult; onAnother: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <section className="return-done" data-testid="return-done" aria-labelledby="return-done-title">
      <h2 id="return-done-title" ref={heading} tabIndex={-1}>
        {t('returns.doneTitle')}
      </h2>
      <p>{t('returns.doneText', { number: protocol.number, order: protocol.orderNumber, email: protocol.email })}</p>
      <p>{t('returns.doneNext')}</p>
      <h3>{t('returns.doneGoods')}</h3>
      <ul>
        {protocol.lines.map((line, index) => (
          <li key={index}>
            {line.productTitle} ({line.productCode}), {line.quantity}×
          </li>
        ))}
      </ul>
      <div className="return-done__actions">
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t('returns.another')}
        </button>
        <Link className="button button--primary" to={href('home', language)}>
          {t('returns.home')}
        </Link>
      </div>
    </section>
  );
}
