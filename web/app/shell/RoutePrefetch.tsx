// Starts the link watcher once the page is interactive (shell/prefetch.ts).
import { useEffect } from 'react';
import { createPrefetchQueue, loadRouteCode, watchLinks } from './prefetch.ts';

export function RoutePrefetch() {
  useEffect(() => {
    const queue = createPrefetchQueue(loadRouteCode);
    return watchLinks(queue);
  }, []);
  return null;
}
