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

/** The pattern of the page at this path (its data request /kosik.data too, suffixed .data), or null. */
export function pageRouteOf(path: string): string | null {
  const data = path.endsWith('.data');
  const page = data ? path.slice(0, -'.data'.length) : path;
  const found = PAGES.find(({ regExp }) => regExp.test(page));
  return found ? found.pattern + (data ? '.data' : '') : null;
}
