// Privacy (/ucet/soukromi, /en/account/privacy): download all my data as JSON, see and revoke the
// apps signed in with a personal access token, and delete the account (password again, then a
// confirmation dialog). After deleting, the cache forgets the shopper at once and she goes home.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/account-privacy';
import { requireCustomer } from '../apollo/guard.ts';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { Field, useForm } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { ConfirmDialog } from '../features/account/ConfirmDialog.tsx';
import { forgetSignedInShopper } from '../features/identity/sign-out.ts';
import { formatDate } from '../../../schema/rules/dates.ts';
import { deleteAccountFormSchema, PASSWORD_MAX_LENGTH, PRIVACY_EXPORT_PATHS } from '../../../schema/rules/identity.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const AccessTokensQuery = graphql(`
  query AccessTokens {
    me {
      id
      accessTokens {
        id
        name
        prefix
        createdAt
        expiresAt
      }
    }
  }
`);

const RevokeAccessTokenMutation = graphql(`
  mutation RevokeAccessToken($id: ID!) {
    revokeAccessToken(id: $id) {
      __typename
      ... on AccessToken {
        id
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      __typename
      ... on AccountDeleted {
        deleted
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await requireCustomer(args);
  return { language: languageOfRequest(args.request), alternates: alternatesFor('accountPrivacy') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.identity.privacy.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function AccountPrivacy() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { notify } = useNotify();
  const { data, loading: tokensLoading } = usePageQuery(AccessTokensQuery);
  const [revoke] = useMutation(RevokeAccessTokenMutation, { refetchQueries: [AccessTokensQuery] });
  const [deleteAccount, { loading: deleting }] = useMutation(DeleteAccountMutation);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ initialValues: { password: '' }, schema: deleteAccountFormSchema, locale: language });
  const tokens = data?.me?.accessTokens ?? [];

  const onRevoke = async (id: string) => {
    try {
      const result = await revoke({ variables: { id } });
      const outcome = result.data?.revokeAccessToken;
      notify(outcome?.__typename === 'AccessToken' ? 'success' : 'error', outcome?.__typename === 'AccessToken' ? t('identity.privacy.revoked') : t('identity.genericError'));
    } catch {
      notify('error', t('identity.genericError'));
    }
  };

  const onDeleteRequested = (event: React.FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) setConfirming(true);
  };

  const onDeleteConfirmed = async () => {
    try {
      const result = await deleteAccount({ variables: { input: { password: form.values.password } } });
      const outcome = result.data?.deleteAccount;
      setConfirming(false);
      if (outcome?.__typename === 'AccountDeleted') {
        forgetSignedInShopper(client.cache);
        notify('success', t('identity.privacy.deleted'), { nextPage: true });
        await navigate(href('home', language));
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        form.setServerErrors(fieldErrorMap(outcome));
        return;
      }
      notify('error', outcome ? errorOf(outcome).message : t('identity.genericError'));
    } catch {
      setConfirming(false);
      notify('error', t('identity.genericError'));
    }
  };

  return (
    <AccountLayout current="accountPrivacy">
      <h1>{t('identity.privacy.title')}</h1>
      <p>{t('identity.privacy.intro')}</p>

      <section className="privacy-section" aria-labelledby="privacy-download">
        <h2 id="privacy-download">{t('identity.privacy.downloadTitle')}</h2>
        <p>{t('identity.privacy.downloadText')}</p>
        <a className="button" href={PRIVACY_EXPORT_PATHS[language]} download data-testid="download-my-data">
          {t('identity.privacy.downloadButton')}
        </a>
      </section>

      <section className="privacy-section" aria-labelledby="privacy-tokens">
        <h2 id="privacy-tokens">{t('identity.privacy.tokensTitle')}</h2>
        <p>{t('identity.privacy.tokensText')}</p>
        {tokensLoading && !data ? (
          <p role="status">{t('myAccount.loading')}</p>
        ) : tokens.length === 0 ? (
          <p>{t('identity.privacy.tokensEmpty')}</p>
        ) : (
          <ul className="token-list">
            {tokens.map((token) => (
              <li key={token.id}>
                <strong>{token.name}</strong> <code>shp_{token.prefix}_…</code>{' '}
                <span>
                  {t('identity.privacy.tokenCreated', { date: formatDate(new Date(token.createdAt), language) })},{' '}
                  {t('identity.privacy.tokenExpires', { date: formatDate(new Date(token.expiresAt), language) })}
                </span>{' '}
                <button type="button" className="link-button" onClick={() => onRevoke(token.id)} aria-label={t('identity.privacy.revokeLabel', { name: token.name })}>
                  {t('identity.privacy.revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="privacy-section" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{t('identity.privacy.deleteTitle')}</h2>
        <p>{t('identity.privacy.deleteText')}</p>
        <form onSubmit={onDeleteRequested} noValidate className="form" data-testid="delete-account-form">
          <Field
            label={t('identity.privacy.deletePassword')}
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={form.errors.password}
            {...form.fieldProps('password')}
          />
          <button type="submit" className="button button--danger">
            {t('identity.privacy.deleteButton')}
          </button>
        </form>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('identity.privacy.deleteConfirmTitle')}
        text={t('identity.privacy.deleteConfirmText')}
        confirmLabel={t('identity.privacy.deleteConfirm')}
        cancelLabel={t('identity.privacy.cancel')}
        busy={deleting}
        onConfirm={onDeleteConfirmed}
        onCancel={() => setConfirming(false)}
      />
    </AccountLayout>
  );
}
