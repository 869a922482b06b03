// The page's code modules download after the stylesheet and the largest image (issue 10).
//
// React Router's <Scripts> preloads every module the page runs with `<link rel="modulepreload">`,
// which browsers fetch at high priority, alongside the stylesheet that holds the first paint. On a
// phone's connection ~200 KiB of modules then share the bandwidth with the stylesheet, and Lighthouse
// counted all of them before the first paint (2.3 s instead of 0.8 s on its simulated phone). At low
// priority the browser still fetches them at once but lets the stylesheet and the images marked
// `fetchpriority="high"` go first. <Scripts> takes no attributes for these links, so the finished
// document gets them (entry.server.tsx).

const MODULE_PRELOAD = '<link rel="modulepreload" ';

/** The document with its module preloads fetched at low priority. */
export function preloadModulesAtLowPriority(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD}fetchpriority="low" `);
}
