// The browser scripts of conversion measuring (docs/marketing.md, docs/decisions/0076): where each is
// loaded from and which hosts it talks to. The thank-you page loads them (web/app/features/consent/
// conversions.ts) and the BFF allows exactly these hosts in that page's CSP, only for a visitor who
// granted advertising consent (bff/src/http/security-headers.ts conversionSources).

/** Heureka's conversion measuring (the `_hrq` queue). */
export const HEUREKA_CONVERSION_SCRIPT = 'https://im9.cz/js/ext/1-roi-async.js';
/** Seznam's measuring script: Zboží.cz's front-end conversion (`rc.conversionHit`). */
export const ZBOZI_CONVERSION_SCRIPT = 'https://c.seznam.cz/js/rc.js';
/** Google's tag for the Ads conversion, with its own data layer (the tag manager's is the analytics consent's). */
export const GOOGLE_ADS_SCRIPT = 'https://www.googletagmanager.com/gtag/js';
export const GOOGLE_ADS_DATA_LAYER = 'conversionDataLayer';

export type ConversionCsp = { script: string[]; img: string[]; connect: string[]; frame: string[] };

/** The hosts of each channel, per CSP directive. */
export const CONVERSION_HOSTS = {
  heureka: { script: ['https://im9.cz'], img: ['https://im9.cz', 'https://*.heureka.cz'], connect: ['https://im9.cz', 'https://*.heureka.cz'], frame: [] },
  zbozi: { script: ['https://c.seznam.cz'], img: ['https://*.seznam.cz', 'https://*.zbozi.cz'], connect: ['https://*.seznam.cz', 'https://*.zbozi.cz'], frame: [] },
  google: {
    script: ['https://www.googletagmanager.com'],
    img: ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    connect: ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    frame: ['https://td.doubleclick.net'],
  },
} as const satisfies Record<string, ConversionCsp>;
