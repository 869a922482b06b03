// The visitor's cookie consent: read from the cookie on the server (so the first render already
// knows whether to show the bar), changed in the bar, kept in the cookie (version, date, choice,
// anonymous id), recorded in the server's consent log, and applied to the third-party tags.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPath, useBlocker, useLocation } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_TEXT_VERSION,
  consentFromCookieHeader,
  formatConsentCookie,
  type ConsentChoice,
  type StoredConsent,
} from '../../../../schema/rules/consent.ts';
import { hasSecretUrl } from '../../../../schema/routes.ts';
import { applyTracking, tagsRunning, trackPageView, type TrackingIds } from './tracking.ts';

export const RecordConsentMutation = graphql(`
  mutation RecordConsent($input: ConsentInput!) {
    recordConsent(input: $input) {
      __typename
    }
  }
`);

type ConsentContextValue = {
  /** The choice (the page's HTML knows only the choice, not this browser's consent id: decision 0043). */
  consent: ConsentChoice | null;
  /** The bar is open again from the footer link. */
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
  save: (choice: ConsentChoice) => Promise<void>;
};

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent outside ConsentProvider');
  return value;
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function ConsentProvider({ initial, tracking, children }: { initial: ConsentChoice | null; tracking: TrackingIds; children: ReactNode }) {
  const [consent, setConsent] = useState<ConsentChoice | null>(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [recordConsent] = useMutation(RecordConsentMutation);
  const { gtmId, socialPixelId } = tracking;

  const location = useLocation();
  // No tag runs on a page whose address carries a secret: it would report the address.
  const secretPage = hasSecretUrl(location.pathname);
  useEffect(() => {
    if (secretPage) {
      // tags that already ran cannot be unloaded: a fresh load of this page starts without them
      if (tagsRunning()) window.location.reload();
      return;
    }
    // a withdrawn tag that had already run is still in memory: a reload leaves the page without it
    if (applyTracking(consent, { gtmId, socialPixelId })) window.location.reload();
  }, [consent, secretPage, gtmId, socialPixelId]);

  // Tags that ran on this page would see an in-app navigation to a secret address (the tag manager
  // watches the history): such a page is loaded as a new document instead, which starts without them.
  const blocker = useBlocker(({ nextLocation }) => hasSecretUrl(nextLocation.pathname) && tagsRunning());
  useEffect(() => {
    if (blocker.state === 'blocked') window.location.assign(createPath(blocker.location));
  }, [blocker]);

  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    // the tags read the data layer when they load, later on another page: no secret address goes in
    if (!secretPage) trackPageView(location.pathname);
  }, [location.pathname, secretPage]);

  const save = useCallback(
    async ({ analytical, marketing, advertising }: ConsentChoice) => {
      // only the three categories (the bar may hand over a whole stored consent)
      const choice = { analytical, marketing, advertising };
      // this browser's consent id stays the same across its choices (read from its cookie, not the page)
      const id = consentFromCookieHeader(document.cookie)?.id ?? uuid();
      const stored: StoredConsent = { ...choice, version: CONSENT_TEXT_VERSION, date: new Date().toISOString(), id };
      const secure = window.location.protocol === 'https:' ? '; secure' : '';
      document.cookie = `${CONSENT_COOKIE}=${formatConsentCookie(stored)}; max-age=${CONSENT_MAX_AGE_DAYS * 86_400}; path=/; samesite=lax${secure}`;
      setSettingsOpen(false);
      try {
        // recorded before the tags change (a withdrawal may reload the page)
        await recordConsent({ variables: { input: { anonymousId: stored.id, textVersion: stored.version, ...choice } } });
      } catch (error) {
        console.error('The consent could not be recorded', error);
      }
      setConsent(choice);
    },
    [recordConsent],
  );

  const value = useMemo<ConsentContextValue>(
    () => ({ consent, settingsOpen, openSettings: () => setSettingsOpen(true), closeSettings: () => setSettingsOpen(false), save }),
    [consent, settingsOpen, save],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
