// The unsubscribe link of a back-in-stock e-mail (/hlidani-dostupnosti/zrusit/{token},
// /en/availability-watch/cancel/{token}). Opening it changes nothing (mail programs and scanners open
// links on their own); the shopper confirms with the button, and the watches of that address end.
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

export function loader(args: Route.LoaderArgs) {
  const token = args.params.token ?? '';
  return { language: languageOfRequest(args.request), token, alternates: alternatesFor('watchUnsubscribe', { token }, { token }) };
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
