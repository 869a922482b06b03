// Route prefetch (spec sections 4 and 9): the code of pages whose links come into view is fetched
// ahead of a click, at most PREFETCH_QUEUE_MAX (5) at once; each path once per page life.
import { matchRoutes, type RouteObject } from 'react-router';
import { PREFETCH_QUEUE_MAX } from '../../../schema/rules/constants.ts';

export type PrefetchQueue = { add: (path: string) => void; readonly active: number; readonly waiting: number };

export function createPrefetchQueue(load: (path: string) => Promise<unknown>, limit = PREFETCH_QUEUE_MAX): PrefetchQueue {
  const waiting: string[] = [];
  const seen = new Set<string>();
  let active = 0;
  const pump = () => {
    while (active < limit && waiting.length > 0) {
      const path = waiting.shift()!;
      active += 1;
      load(path)
        .catch(() => {}) // a prefetch that fails changes nothing: the click loads it again
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  };
  return {
    add(path) {
      if (seen.has(path)) return;
      seen.add(path);
      waiting.push(path);
      pump();
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

type ManifestWindow = Window & {
  __reactRouterManifest?: { routes: Record<string, { module: string }> };
  __reactRouterDataRouter?: { routes: RouteObject[] };
};

/** Loads the route modules a path needs (the browser keeps them; the click then finds them ready). */
export async function loadRouteCode(path: string): Promise<void> {
  const w = window as ManifestWindow;
  const routes = w.__reactRouterDataRouter?.routes;
  const manifest = w.__reactRouterManifest;
  if (!routes || !manifest) return;
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map((match) => {
      const entry = match.route.id ? manifest.routes[match.route.id] : undefined;
      return entry ? import(/* @vite-ignore */ entry.module) : undefined;
    }),
  );
}

/** Watches the page's same-site links and queues the ones that come into view. Returns a stop function. */
export function watchLinks(queue: PrefetchQueue, root: ParentNode = document): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const observed = new WeakSet<Element>();
  const intersection = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      intersection.unobserve(entry.target);
      const url = new URL((entry.target as HTMLAnchorElement).href, window.location.href);
      if (url.origin === window.location.origin && url.pathname !== window.location.pathname) queue.add(url.pathname);
    }
  });
  const scan = () => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]:not([download]):not([target="_blank"]):not([data-no-prefetch])')) {
      if (observed.has(link)) continue;
      observed.add(link);
      intersection.observe(link);
    }
  };
  scan();
  const mutations = new MutationObserver(scan);
  mutations.observe(document.body, { childList: true, subtree: true });
  return () => {
    mutations.disconnect();
    intersection.disconnect();
  };
}
