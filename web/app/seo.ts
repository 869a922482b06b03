// Page title, description, canonical and hreflang links for a route's `meta` export.
import type { MetaDescriptor } from 'react-router';
import type { Alternates, Language } from './language.ts';
import { SECRET_URL_ROUTES } from '../../schema/routes.ts';

type RootData = { publicUrl: string } | undefined;

export function pageMeta(options: {
  title: string;
  description?: string;
  alternates?: Alternates | null;
  language: Language;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = options.matches.find((match) => match?.id === 'root')?.loaderData as RootData;
  const base = root?.publicUrl ?? '';
  const meta: MetaDescriptor[] = [{ title: options.title }];
  if (options.description) meta.push({ name: 'description', content: options.description });
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' });
  // the next page (and a tag on it) must not learn this page's secret address from the referrer
  const leaf = options.matches[options.matches.length - 1]?.id.replace(/-(cs|en)$/, '');
  if (SECRET_URL_ROUTES.some((name) => name === leaf)) meta.push({ name: 'referrer', content: 'no-referrer' });
  if (options.alternates) {
    meta.push({ tagName: 'link', rel: 'canonical', href: base + options.alternates[options.language] });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'cs', href: base + options.alternates.cs });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: base + options.alternates.en });
    meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: base + options.alternates.cs });
    meta.push({ property: 'og:title', content: options.title });
    meta.push({ property: 'og:url', content: base + options.alternates[options.language] });
  }
  return meta;
}

export function titleWithShop(title: string, language: Language): string {
  return `${title} | ${language === 'cs' ? 'Sportovní svět' : 'Sports World'}`;
}

/** Shortens text for a meta description at a word boundary. */
export function summary(text: string, length = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  return plain.slice(0, plain.lastIndexOf(' ', length - 1)) + '…';
}
