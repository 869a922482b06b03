// Page title, description, canonical and hreflang links for a route's `meta` export.
import type { MetaDescriptor } from 'react-router';
import type { Alternates, Language } from './language.ts';
import { SECRET_URL_ROUTES, href as buildHref } from '../../schema/routes.ts';
import { resources } from './i18n/index.ts';
import { pageTitleWithShop, SUPPLIER } from '../../schema/rules/supplier.ts';

type RootData = { publicUrl: string } | undefined;

export function pageMeta(options: {
  title: string;
  description?: string;
  alternates?: Alternates | null;
  language: Language;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  noindex?: boolean;
  /** The page's picture (a path on this site) for link previews: og:image and the Twitter card. */
  image?: string | null;
  /** og:type: 'article' on blog articles, else 'website'. */
  type?: 'website' | 'article';
}): MetaDescriptor[] {
  const base = publicUrlOf(options.matches);
  const meta: MetaDescriptor[] = [{ title: options.title }];
  if (options.description) meta.push({ name: 'description', content: options.description });
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' });
  // the next page (and a tag on it) must not learn this page's secret address from the referrer
  const leaf = options.matches[options.matches.length - 1]?.id.replace(/-(cs|en)$/, '');
  // (the order confirmation link's page, the withdrawal's pages and the guest's cancellation post a form without JavaScript: with
  // 'no-referrer' the browser would send `Origin: null`, which the page's action refuses; 'origin' gives
  // away no path either)
  const posts = leaf === 'orderConfirm' || leaf === 'withdrawalGuest' || leaf === 'withdrawalConfirm' || leaf === 'orderCancelGuest';
  if (SECRET_URL_ROUTES.some((name) => name === leaf)) meta.push({ name: 'referrer', content: posts ? 'origin' : 'no-referrer' });
  if (options.alternates) {
    meta.push({ tagName: 'link', rel: 'canonical', href: base + options.alternates[options.language] });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'cs', href: base + options.alternates.cs });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: base + options.alternates.en });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: base + options.alternates.cs });
    // link previews (Open Graph, read by Facebook and others; Twitter/X falls back to them but wants its card type)
    meta.push({ property: 'og:type', content: options.type ?? 'website' });
    meta.push({ property: 'og:site_name', content: SUPPLIER.shopName });
    meta.push({ property: 'og:locale', content: OG_LOCALE[options.language] });
    meta.push({ property: 'og:locale:alternate', content: OG_LOCALE[options.language === 'cs' ? 'en' : 'cs'] });
    meta.push({ property: 'og:title', content: options.title });
    if (options.description) meta.push({ property: 'og:description', content: options.description });
    meta.push({ property: 'og:url', content: base + options.alternates[options.language] });
    if (options.image) meta.push({ property: 'og:image', content: absoluteUrl(base, options.image) });
    meta.push({ name: 'twitter:card', content: options.image ? 'summary_large_image' : 'summary' });
    meta.push({ name: 'twitter:title', content: options.title });
    if (options.description) meta.push({ name: 'twitter:description', content: options.description });
    if (options.image) meta.push({ name: 'twitter:image', content: absoluteUrl(base, options.image) });
  }
  return meta;
}

const OG_LOCALE: Record<Language, string> = { cs: 'cs_CZ', en: 'en_GB' };

/** The shop's public address (PUBLIC_URL) from the root loader, without a trailing slash. */
export function publicUrlOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData;
  return root?.publicUrl ?? '';
}

/** A path on this site (or an already absolute URL) as an absolute URL: crawlers and previews need one. */
export function absoluteUrl(base: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : base + path;
}

/** A JSON-LD block (schema.org) for a route's meta export; React Router escapes it into a script tag. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...data } };
}

/**
 * The breadcrumb trail the page shows (after the home page, which it adds), as schema.org's BreadcrumbList:
 * one ListItem per step with its position, name and absolute URL (Google's required properties; the
 * last step is the page itself).
 */
export function breadcrumbList(base: string, language: Language, trail: { name: string; path: string }[]): MetaDescriptor {
  const steps = [{ name: resources[language].common.nav.home, path: buildHref('home', language) }, ...trail];
  return jsonLd({
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absoluteUrl(base, step.path) })),
  });
}

/** The shop's operator as schema.org's Organization (named on the home page; articles refer to its @id). */
export function organization(base: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: SUPPLIER.shopName,
    legalName: SUPPLIER.company,
    url: `${base}/`,
    logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` },
    email: SUPPLIER.email,
    telephone: SUPPLIER.phone,
    vatID: SUPPLIER.dic,
    taxID: SUPPLIER.ico,
    address: {
      '@type': 'PostalAddress',
      streetAddress: SUPPLIER.street,
      addressLocality: SUPPLIER.city,
      postalCode: SUPPLIER.postcode,
      addressCountry: 'CZ',
    },
  };
}

/**
 * One brand (issue 24, item 6): the shop's name in the header, titles, e-mails, invoices and the mail
 * sender is SUPPLIER.shopName, the operator's trade name; its legal name (SUPPLIER.company) goes where
 * the law wants it. The pages' texts say `{{shop}}` where they name it.
 */
export function withShopName(text: string): string {
  return text.replaceAll('{{shop}}', SUPPLIER.shopName);
}

export function titleWithShop(title: string, _language: Language): string {
  return pageTitleWithShop(title);
}

/** Shortens text for a meta description at a word boundary. */
export function summary(text: string, length = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  return plain.slice(0, plain.lastIndexOf(' ', length - 1)) + '…';
}

/** The site as schema.org's WebSite, with the search page as its SearchAction (`{search_term_string}` is the query). */
export function website(base: string, language: Language, homePath: string, searchPath: string): Record<string, unknown> {
  return {
    '@type': 'WebSite',
    '@id': `${base}${homePath}#website`,
    name: SUPPLIER.shopName,
    url: base + homePath,
    inLanguage: language,
    publisher: { '@id': `${base}/#organization`, '@type': 'Organization', name: SUPPLIER.shopName },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${base}${searchPath}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
