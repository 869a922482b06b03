// The link that confirms an order sent from the checkout without JavaScript (/objednavka/potvrzeni/
// {token}, /en/order/confirm/{token}; docs/decisions/0049). Opening it changes nothing (mail programs
// and scanners open links on their own); the button posts the form, which places the order and leads
// to its summary. A plain form: it works with and without JavaScript alike. With JavaScript the token,
// once read, is kept in the session and the address becomes /objednavka/potvrzeni (requirements L3,
// features/secret-links); the page and its form work there through the session.
import { data, Form, Link, useActionData } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/order-confirm';
import { apolloFor } from '../apollo/load.ts';
import { keptSecret, useSecretOutOfAddressBar } from '../features/secret-links/link-secret.ts';
import { errorOf } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { FormToken, formTokenFor } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';

const ConfirmOrderMutation = graphql(`
  mutation ConfirmOrder($token: String!) {
    confirmOrder(token: $token) {
      __typename
      ... on Order {
        databaseId
        hash
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

/** The link's token: from the address, else the one this browser's session kept (none: refused as a wrong link). */
async function linkToken(args: Route.LoaderArgs | Route.ActionArgs): Promise<string> {
  return args.params.token ?? (await keptSecret(apolloFor(args), 'ORDER_CONFIRMATION')) ?? '';
}

export async function loader(args: Route.LoaderArgs) {
  const fromLink = args.params.token ?? null;
  // without JavaScript the address keeps its token, and so does the language switch
  const alternates = fromLink ? alternatesFor('orderConfirm', { token: fromLink }, { token: fromLink }) : alternatesFor('orderConfirmKept');
  return { language: languageOfRequest(args.request), fromLink, alternates, formToken: formTokenFor(args) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  if (form.staleToken) return data({ message: t('noJs.staleForm') }, { status: STALE_FORM_STATUS });
  const token = await linkToken(args);
  const answer = (await apolloFor(args).mutate({ mutation: ConfirmOrderMutation, variables: { token } })).data?.confirmOrder;
  if (!answer) return data({ message: t('error.generic') }, { status: 500 });
  if (answer.__typename === 'Order') return backToPage(args.request, href('orderSummary', language, { id: answer.databaseId, hash: answer.hash }));
  return data({ message: errorOf(answer).message }, { status: answer.__typename === 'TooManyAttemptsError' ? 429 : answer.__typename === 'NotFoundError' ? 404 : 409 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.orderConfirm.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function OrderConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  useSecretOutOfAddressBar('ORDER_CONFIRMATION', loaderData.fromLink, href('orderConfirmKept', language));
  const refused = useActionData<typeof action>();
  return (
    <div className="container page" data-testid="order-confirm">
      <h1>{t('orderConfirm.title')}</h1>
      <p>{t('orderConfirm.text')}</p>
      {refused?.message && (
        <p className="field__error" role="alert" data-testid="order-confirm-refused">
          {refused.message}
        </p>
      )}
      <Form method="post" reloadDocument>
        <FormToken />
        <button type="submit" className="button button--primary button--large" data-testid="order-confirm-submit">
          {t('orderConfirm.submit')}
        </button>
      </Form>
      <p>
        <Link to={href('checkout', language)}>{t('checkout.title')}</Link>
      </p>
    </div>
  );
}
