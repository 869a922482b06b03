// Security headers on every response. Scripts run only with the per-request nonce.
import type { ServerResponse } from 'node:http';
import { mapTileOrigin, type Config, type ConversionSettings } from '../config.ts';
import { CONVERSION_HOSTS, type ConversionCsp } from '../../../schema/rules/conversion-scripts.ts';

/** The hosts the tag manager (ANALYTICS_GTM_ID) and the social pixel (SOCIAL_PIXEL_ID) need; none when unset. */
export function trackingSources(config: Pick<Config, 'gtmId' | 'socialPixelId'>) {
  const script: string[] = [];
  const img: string[] = [];
  const connect: string[] = [];
  if (config.gtmId) {
    script.push('https://www.googletagmanager.com');
    img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com');
  }
  if (config.socialPixelId) {
    script.push('https://connect.facebook.net');
    img.push('https://www.facebook.com');
    connect.push('https://www.facebook.com');
  }
  const list = (hosts: string[]) => hosts.map((host) => ` ${host}`).join('');
  return { script: list(script), img: list(img), connect: list(connect) };
}

/**
 * Browser features no page of the shop uses, refused for the page and anything it embeds (the tag
 * manager's and the pixel's frames too). The store maps do not ask for the position; the shared
 * wishlist's copy button writes to the clipboard, which stays allowed.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * The security headers of a response whose scripts carry `nonce` (every response, cache hits too), as
 * one flat list of names and values (what `res.writeHead` takes). HSTS only on a response that goes
 * out over https (`https`): over plain http it means nothing to a browser, and the Observatory marks
 * it as wrong.
 */
export function securityHeaderList(config: Config): (nonce: string, https?: boolean) => string[] {
  // the store maps' tiles (MAP_TILE_URL) come from their own server
  const tileOrigin = mapTileOrigin(config.mapTileUrl);
  // the tag manager and the social pixel, when configured (they load only after consent: web/app/features/consent)
  const tracking = trackingSources(config);
  const dev = config.ssr === 'vite';
  // the policy is the same for every response but its nonce: the text around the nonce is made once
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-\0'${dev ? " 'unsafe-eval'" : ''}${tracking.script}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${tileOrigin ? ` ${tileOrigin}` : ''}${tracking.img}`,
    `connect-src 'self'${dev ? ' ws:' : ''}${tracking.connect}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const [beforeNonce, afterNonce] = policy.split('\0');
  return (nonce, https = false) => {
    const list = [
      'Content-Security-Policy',
      beforeNonce + nonce + afterNonce,
      'X-Content-Type-Options',
      'nosniff',
      'Referrer-Policy',
      'strict-origin-when-cross-origin',
      'X-Frame-Options',
      'DENY',
      'Permissions-Policy',
      PERMISSIONS_POLICY,
    ];
    if (config.secureCookies && https) list.push('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return list;
  };
}

/** Sets the security headers of securityHeaderList on a response to `path` whose scripts carry `nonce`. */
export function securityHeaderSetter(config: Config): (path: string, nonce: string, res: ServerResponse, https?: boolean) => void {
  const headers = securityHeaderList(config);
  return (_path, nonce, res, https = false) => setHeaderList(res, headers(nonce, https));
}

/** Sets each [name, value] pair of a flat list on the response. */
export function setHeaderList(res: ServerResponse, list: readonly string[]): void {
  for (let index = 0; index < list.length; index += 2) res.setHeader(list[index], list[index + 1]);
}

/** The hosts of the conversion scripts whose keys are set (schema/rules/conversion-scripts.ts). */
export function conversionSources(settings: ConversionSettings): ConversionCsp {
  const channels = [
    settings.heurekaConversionKey ? CONVERSION_HOSTS.heureka : null,
    settings.zboziShopId ? CONVERSION_HOSTS.zbozi : null,
    settings.googleAdsConversion ? CONVERSION_HOSTS.google : null,
  ].filter((channel) => channel !== null);
  const all = (directive: keyof ConversionCsp) => [...new Set(channels.flatMap((channel) => channel[directive]))];
  return { script: all('script'), img: all('img'), connect: all('connect'), frame: all('frame') };
}

/**
 * Adds hosts to the CSP this response already carries (the thank-you page of a visitor who granted
 * advertising consent: its conversion scripts). Every other response keeps the policy as it is.
 */
export function extendContentSecurityPolicy(res: ServerResponse, extra: ConversionCsp): void {
  const header = res.getHeader('Content-Security-Policy');
  if (typeof header !== 'string') return;
  const directives = header.split('; ');
  const add = (name: string, hosts: readonly string[], base: string) => {
    if (hosts.length === 0) return;
    const index = directives.findIndex((directive) => directive.split(' ')[0] === name);
    if (index === -1) directives.push(`${name} ${base} ${hosts.join(' ')}`);
    else directives[index] = `${directives[index]} ${hosts.join(' ')}`;
  };
  add('script-src', extra.script, "'self'");
  add('img-src', extra.img, "'self'");
  add('connect-src', extra.connect, "'self'");
  add('frame-src', extra.frame, "'self'");
  res.setHeader('Content-Security-Policy', directives.join('; '));
}
