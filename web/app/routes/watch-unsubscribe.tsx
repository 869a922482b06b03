// The unsubscribe link of a back-in-stock e-mail (/hlidani-dostupnosti/zrusit/{token},
// /en/availability-watch/cancel/{token}). Opening it changes nothing (mail programs and scanners open
// links on their own); the shopper confirms with the button, and the watches of that address end. Once
// read, the token is kept in the session and the address becomes /hlidani-dostupnosti/zrusit
// (requirements L3, features/secret-links).
import { apolloFor } from '../apollo/load.ts';
import { keptSecret, useSecretOutOfAddressBar } from '../features/secret-links/link-secret.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/watch-unsubscribe';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { errorOf } from '../apollo/errors.ts';

const CancelAvailabilityWatchesMutation = graphql(`
  mutation CancelAvailabilityWatches($token: String!) {
    cancelAvailabilityWatches(token: $token) {
      __typename
      ... on AvailabilityWatchCancellation {
        cancelled
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export async function loader(args: Route.LoaderArgs) {
  const fromLink = args.params.token ?? null;
  // at the address without the token, the one this browser's session kept (none: the cancel fails as with a wrong link)
  const token = fromLink ?? (await keptSecret(apolloFor(args), 'WATCH_CANCEL')) ?? '';
  // without JavaScript the address keeps its token, and so does the language switch
  const alternates = fromLink ? alternatesFor('watchUnsubscribe', { token }) : alternatesFor('watchUnsubscribeKept');
  return { language: languageOfRequest(args.request), token, fromLink, alternates };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('watch.cancelTitle'), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

export default function WatchUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  useSecretOutOfAddressBar('WATCH_CANCEL', loaderData.fromLink, href('watchUnsubscribeKept', language));
  const [cancel, { loading }] = useMutation(CancelAvailabilityWatchesMutation);
  const [outcome, setOutcome] = useState<{ kind: 'done'; count: number } | { kind: 'error'; text: string } | null>(null);

  const onCancel = async () => {
    try {
      const result = await cancel({ variables: { token: loaderData.token } });
      const answer = result.data?.cancelAvailabilityWatches;
      if (answer?.__typename === 'AvailabilityWatchCancellation') setOutcome({ kind: 'done', count: answer.cancelled });
      else setOutcome({ kind: 'error', text: answer ? errorOf(answer).message : t('error.generic') });
    } catch {
      setOutcome({ kind: 'error', text: t('error.generic') });
    }
  };

  return (
    <div className="container page" data-testid="watch-unsubscribe">
      <h1>{t('watch.cancelTitle')}</h1>
      {outcome?.kind === 'done' ? (
        <p role="status">{t('watch.cancelDone', { count: outcome.count })}</p>
      ) : (
        <>
          <p>{t('watch.cancelText')}</p>
          {outcome?.kind === 'error' && (
            <p className="field__error" role="alert">
              {outcome.text}
            </p>
          )}
          <button type="button" className="button button--primary" onClick={onCancel} disabled={loading}>
            {t('watch.cancelSubmit')}
          </button>
        </>
      )}
      <p>
        <Link to={href('home', language)}>{t('error.backHome')}</Link>
      </p>
    </div>
  );
}
