// The shop's pages as patterns (schema/routes.ts, both languages): which page a path is, without the
// parameters in it (a slug, an order's id and secret hash).
import { ROUTES, type RouteName } from '../../../schema/routes.ts';

/** A page path such as /produkt/:slug as a regular expression: each parameter is one segment. */
export function routeRegExp(routePath: string): RegExp {
  const path = routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${path}/?$`);
}

/** Every page's patterns, static paths first, so that /blog is not taken for /blog/:slug's parent. */
const PAGES = (Object.keys(ROUTES) as RouteName[])
  .flatMap((name) => (['cs', 'en'] as const).map((language) => ROUTES[name][language]))
  .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))
  .map((pattern) => ({ pattern, regExp: routeRegExp(pattern) }));

/**
 * The paths asked for most recently and their patterns: a busy page is matched against the patterns
 * once, not on every request's log line. Bounded: emptied when it is full (memory only, never logged).
 */
const known = new Map<string, string | null>();
const KNOWN_PATHS = 1000;
const KNOWN_PATH_LENGTH = 256;

/** The pattern of the page at this path (its data request /kosik.data too, suffixed .data), or null. */
export function pageRouteOf(path: string): string | null {
  if (path.length > KNOWN_PATH_LENGTH) return matchPage(path);
  let route = known.get(path);
  if (route === undefined) {
    if (known.size >= KNOWN_PATHS) known.clear();
    route = matchPage(path);
    known.set(path, route);
  }
  return route;
}

function matchPage(path: string): string | null {
  const data = path.endsWith('.data');
  const page = data ? path.slice(0, -'.data'.length) : path;
  const found = PAGES.find(({ regExp }) => regExp.test(page));
  return found ? found.pattern + (data ? '.data' : '') : null;
}
