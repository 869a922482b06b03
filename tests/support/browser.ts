// Real Chromium (Debian's package) driven by playwright-core; `npx playwright install` cannot
// download browsers here. The browser tests drive its headless shell (chromium-headless-shell: the same
// Blink and V8 without the desktop browser's profile and services, what Playwright itself runs headless;
// a new context and its first page cost a third of the CPU, decision 0079). CHROMIUM_PATH overrides it.
import { chromium, type Browser, type BrowserServer, type Download, type Page, type Request } from 'playwright-core';
import { DEFAULT_CHROMIUM_PATH } from '../../scripts/test-prerequisites.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser tests' one Chromium for the run (tests/e2e/global-setup.ts): its WebSocket endpoint. */
    browserEndpoint?: string;
  }
}

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH,
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
};

/** One Chromium for a whole run of the browser tests, which connect to it (launchBrowser). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions);
}

/**
 * A Chromium for a test file: inside the browser tests, a connection to the run's one Chromium (its start
 * cost a second or more of CPU per file); elsewhere a browser of its own. Either way each page or
 * context the file opens is its own (no cookies or storage shared), and close() ends what the file
 * opened: a connection's close() closes its contexts and disconnects, leaving the run's Chromium up.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST ? (await import('vitest')).inject('browserEndpoint') : undefined;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions);
}

/** A download's bytes, read through Playwright's stream: a connected browser has no local path for it. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
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
