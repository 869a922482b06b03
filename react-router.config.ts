import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web/app',
  buildDirectory: 'build',
  ssr: true,
  // every route in the build's manifest file (43 KB, 2.5 KB in brotli, cached for a year) instead of
  // "lazy" discovery: that matched each page's parent paths and inlined their part of the manifest in
  // every render (~3 % of the server's CPU per page), and the browser then asked /__manifest for the
  // links on the page (decision 0084)
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
