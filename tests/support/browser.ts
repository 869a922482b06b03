// Real Chromium (Debian's package) driven by playwright-core; `npx playwright install` cannot
// download browsers here. CHROMIUM_PATH overrides the executable.
import { chromium, type Browser, type Page, type Request } from 'playwright-core';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

const watchers = new WeakMap<Page, { settled: () => Promise<void> }>();

/**
 * Counts the page's requests in flight from now on (once per page; later calls return the same
 * watcher). `settled()` resolves once the page is hydrated and no request has been in flight for two
 * animation frames: the condition of Playwright's 'networkidle' (data queries after hydration
 * included) without its fixed 500 ms of silence after every page.
 */
export function watchRequests(page: Page): { settled: () => Promise<void> } {
  const known = watchers.get(page);
  if (known) return known;
  let inFlight = 0;
  // a stream of server-sent events (the seat picker's live changes) stays open as long as the page:
  // it is never "in flight" in this sense
  const counted = (request: Request) => !(request.headers()['accept'] ?? '').includes('text/event-stream');
  page.on('request', (request) => void (counted(request) && inFlight++));
  page.on('requestfinished', (request) => void (counted(request) && inFlight--));
  page.on('requestfailed', (request) => void (counted(request) && inFlight--));
  const nextFrames = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const watcher = {
    async settled() {
      await page.waitForSelector('html[data-hydrated]');
      for (;;) {
        await nextFrames();
        if (inFlight === 0) {
          await nextFrames();
          if (inFlight === 0) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  watchers.set(page, watcher);
  return watcher;
}
