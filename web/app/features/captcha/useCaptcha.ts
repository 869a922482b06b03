// The browser side of the self-hosted captcha (bff/src/services/captcha.ts): fetch a challenge for one action,
// solve it (ALTCHA proof of work with WebCrypto, loaded on first use) and hand out its token once.
// States as the spec names them: not loaded, loading, loaded (plus error, with a retry).
import { useCallback, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from '../../i18n/index.ts';
import { graphql } from '~/gql';

const CaptchaChallengeQuery = graphql(`
  query CaptchaChallenge($action: CaptchaAction!) {
    captchaChallenge(action: $action) {
      action
      challenge
      expiresAt
    }
  }
`);

export type CaptchaAction = 'REGISTRATION' | 'PASSWORD_RESET' | 'NEWSLETTER' | 'AVAILABILITY_WATCH' | 'RETURN_PROTOCOL' | 'VOUCHER_CHECK' | 'PLACE_ORDER' | 'LOGIN' | 'HOLD_SEATS';
export type CaptchaState = 'notLoaded' | 'loading' | 'loaded' | 'error';

/** A solved token older than this is solved again (challenges expire after 10 minutes). */
const TOKEN_MAX_AGE_MS = 9 * 60_000;

export type CaptchaControl = {
  action: CaptchaAction;
  state: CaptchaState;
  /** The message to show at the captcha (the server's field error or a failed solve). */
  error: string | null;
  /** Starts solving in the background (call on the form's first focus); idempotent. */
  prepare: () => void;
  /** The token for one submit (waits for the solve); null when it failed (the error is shown). */
  take: () => Promise<string | null>;
  /** Shows the server's message for the field `captcha`. */
  setServerError: (message: string | undefined) => void;
};

export function useCaptcha(action: CaptchaAction): CaptchaControl {
  const client = useApolloClient();
  const { t } = useTranslation();
  const [state, setState] = useState<CaptchaState>('notLoaded');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ promise: Promise<string | null>; startedAt: number } | null>(null);

  const solve = useCallback(async (): Promise<string | null> => {
    setState('loading');
    setError(null);
    try {
      const result = await client.query({ query: CaptchaChallengeQuery, variables: { action }, fetchPolicy: 'no-cache' });
      const json = result.data?.captchaChallenge.challenge;
      if (!json) throw new Error('no challenge');
      const challenge = JSON.parse(json);
      const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
      const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
      if (!solution) throw new Error('not solved');
      setState('loaded');
      return btoa(JSON.stringify({ challenge, solution }));
    } catch {
      pending.current = null;
      setState('error');
      setError(t('captcha.failed'));
      return null;
    }
  }, [action, client, t]);

  const start = useCallback(() => {
    const current = pending.current;
    if (current && Date.now() - current.startedAt < TOKEN_MAX_AGE_MS) return current.promise;
    const next = { promise: solve(), startedAt: Date.now() };
    pending.current = next;
    return next.promise;
  }, [solve]);

  const prepare = useCallback(() => {
    void start();
  }, [start]);

  const take = useCallback(async () => {
    const token = await start();
    // a token is good once: the next submit solves a new challenge
    pending.current = null;
    if (token) setState('notLoaded');
    return token;
  }, [start]);

  const setServerError = useCallback((message: string | undefined) => {
    setError(message ?? null);
    if (message) setState('error');
  }, []);

  return { action, state, error, prepare, take, setServerError };
}

/** Whether a mutation's answer is the server asking for a solved captcha (a field error on `captcha`). */
function asksForCaptcha(outcome: unknown): boolean {
  const answer = outcome as { __typename?: string; fieldErrors?: { field: string }[] } | null | undefined;
  return answer?.__typename === 'ValidationError' && (answer.fieldErrors ?? []).some((entry) => entry.field === 'captcha');
}

/**
 * Runs a mutation the server may answer with "solve the captcha first" (after a few attempts from one
 * address): with a token at once when one was asked for before, else without it, and once more with a
 * solved token when the answer asks for one. Null when no token could be had (the widget says why).
 */
export async function runWithCaptcha<T>(
  captcha: CaptchaControl,
  needed: { captchaNeeded: boolean; setCaptchaNeeded: (needed: boolean) => void },
  run: (token: string | null) => Promise<T>,
): Promise<{ outcome: T } | null> {
  let token = needed.captchaNeeded ? await captcha.take() : null;
  if (needed.captchaNeeded && !token) return null;
  let outcome = await run(token);
  if (asksForCaptcha(outcome) && !token) {
    needed.setCaptchaNeeded(true);
    token = await captcha.take();
    if (!token) return null;
    outcome = await run(token);
  }
  return { outcome };
}
