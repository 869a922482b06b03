// The third-party tags behind cookie consent: the analytics tag manager (analytical) and the social
// pixel (advertising). They are added only after the matching category is granted, with the page's
// CSP nonce, and removed again (their cookies too) when the consent is withdrawn.
import type { ConsentChoice } from '../../../../schema/rules/consent.ts';

export type TrackingIds = { gtmId: string | null; socialPixelId: string | null };

type TrackingWindow = Window & {
  dataLayer?: unknown[];
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string; callMethod?: (...args: unknown[]) => void };
  _fbq?: unknown;
};

const GTM_SCRIPT_ID = 'consent-gtm';
const PIXEL_SCRIPT_ID = 'consent-social-pixel';
export const GTM_SOURCE = 'https://www.googletagmanager.com/gtm.js';
export const PIXEL_SOURCE = 'https://connect.facebook.net/en_US/fbevents.js';

/** The nonce of the page's own scripts: scripts added later need the same one (the CSP allows no other). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function addScript(id: string, src: string) {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  script.nonce = pageNonce();
  document.head.appendChild(script);
}

/** Removes the tag and reports whether it had been there. */
function removeScript(id: string): boolean {
  const script = document.getElementById(id);
  script?.remove();
  return script !== null;
}

/** Deletes first-party cookies whose names match, on this host and its parent domains. */
function deleteCookies(pattern: RegExp) {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter((name) => pattern.test(name));
  const parts = location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < parts.length - 1; i += 1) domains.push(`; domain=.${parts.slice(i).join('.')}`);
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; max-age=0; path=/${domain}`;
  }
}

function loadTagManager(gtmId: string, choice: ConsentChoice) {
  const w = window as TrackingWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({
    event: 'consent_update',
    analytics_storage: choice.analytical ? 'granted' : 'denied',
    ad_storage: choice.advertising ? 'granted' : 'denied',
    ad_user_data: choice.advertising ? 'granted' : 'denied',
    ad_personalization: choice.marketing ? 'granted' : 'denied',
  });
  if (!document.getElementById(GTM_SCRIPT_ID)) {
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(GTM_SCRIPT_ID, `${GTM_SOURCE}?id=${encodeURIComponent(gtmId)}`);
  }
}

function loadPixel(pixelId: string) {
  const w = window as TrackingWindow;
  if (!w.fbq) {
    // the pixel's documented queue stub, written out here instead of as an inline script
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    }) as NonNullable<TrackingWindow['fbq']>;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    w.fbq = fbq;
    w._fbq = fbq;
    fbq('init', pixelId);
    fbq('track', 'PageView');
  }
  addScript(PIXEL_SCRIPT_ID, PIXEL_SOURCE);
}

/** Whether a third-party tag has been added to this page (its code may have run). */
export function tagsRunning(): boolean {
  return document.getElementById(GTM_SCRIPT_ID) !== null || document.getElementById(PIXEL_SCRIPT_ID) !== null;
}

/**
 * Brings the page in line with the consent. Returns true when a tag that had already run was
 * removed: its code is still in memory, so the caller reloads the page to be rid of it.
 */
export function applyTracking(choice: ConsentChoice | null, ids: TrackingIds): boolean {
  const w = window as TrackingWindow;
  let removedRunning = false;
  if (ids.gtmId && choice?.analytical) {
    loadTagManager(ids.gtmId, choice);
  } else {
    removedRunning = removeScript(GTM_SCRIPT_ID) || removedRunning;
    delete w.dataLayer;
    deleteCookies(/^(_ga|_gid|_gat|_gcl)/);
  }
  if (ids.socialPixelId && choice?.advertising) {
    loadPixel(ids.socialPixelId);
  } else {
    removedRunning = removeScript(PIXEL_SCRIPT_ID) || removedRunning;
    delete w.fbq;
    delete w._fbq;
    deleteCookies(/^(_fbp|_fbc)$/);
  }
  return removedRunning;
}

/** Tells the tag manager about a client-side navigation (router view tracking). */
export function trackPageView(path: string) {
  const w = window as TrackingWindow;
  w.dataLayer?.push({ event: 'page_view', page_path: path });
  w.fbq?.('track', 'PageView');
}
