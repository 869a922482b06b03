// The page language is part of the URL: Czech unprefixed, English under /en.
import { useLocation } from 'react-router';
import { href as buildHref, infoHref, routeLanguageOf, type RouteName, type RouteLanguage } from '../../schema/routes.ts';

export type Language = RouteLanguage;
export { routeLanguageOf };

export function languageOfRequest(request: Request): Language {
  return routeLanguageOf(new URL(request.url).pathname);
}

export function useLanguage(): Language {
  return routeLanguageOf(useLocation().pathname);
}

/** Paths of this page in both languages (for hreflang, canonical and the language switch). */
export type Alternates = Record<Language, string>;

type Params = Record<string, string | number>;

export function alternatesFor(name: RouteName, cs: Params = {}, en: Params = cs): Alternates {
  return { cs: buildHref(name, 'cs', cs), en: buildHref(name, 'en', en) };
}

export function languageSwitchUrl(target: Language, path: string): string {
  return `/language/${target}?to=${encodeURIComponent(path)}`;
}

export { buildHref as href, infoHref };
