// Lighthouse bench (issue 31, item 23): `npm run bench -- --only lighthouse` (needs `npm run build`).
//
// The shop runs as `npm start` runs it (tests/support/production-server.ts) on a copy of the seeded
// demo data, response cache on (the default). Every run is a first visit: a new Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) with a new, empty profile, so the consent bar is shown.
// Lighthouse's default configuration: mobile, simulated slow 4G and 4× CPU slowdown. Each page and
// the files it names (stylesheet, modules, pictures) are asked for once before its runs, so all three
// find the page in the response cache and the files compressed, as a visitor of a page somebody else
// has just seen does (the shop compresses a file at its first request: 1–2 s for the framework chunk
// on a busy machine, which a first run would otherwise measure). Per page: the median of the runs' performance scores with
// that run's FCP, LCP, TBT and CLS, the three scores, the other categories' medians and the load.
// The full reports (JSON) stay in a temporary folder, printed at the end, for the audits' details.
// Beside each run: how much CPU the page's main thread got and the blocking time counted from CPU
// time (trace-cpu.ts), which tell a machine busy with other work from a slower page.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { removeTemplate, seedTemplate, startProductionServer, type DatabaseKind } from '../support/production-server.ts';
import { median } from './load.ts';
import { mainThreadCpu, type TraceEvent } from './trace-cpu.ts';
import { shopperWithCart } from './shopper.ts';
import { gid } from '../support/global-id.ts';

export type LighthousePage = { name: string; path: string; language: 'cs' | 'en' };

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  load: number;
  /** Of the wall time the page's main thread spent in tasks, the share it had a CPU (below ~60 %: a busy machine). */
  cpuShare: number;
  /** Blocking time counted from the tasks' CPU time instead of their wall time (what a quiet machine would show, roughly). */
  tbtFromCpuMs: number;
};

// what chrome-launcher adds by default (no first-run, no extensions, ...) plus what the brief of
// this machine asks for; a new temporary --user-data-dir per launch is chrome-launcher's default
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);

function numeric(result: Result, audit: string): number {
  return result.audits[audit]?.numericValue ?? Number.NaN;
}

/** The LCP element as Lighthouse names it (its selector or snippet), for the report. */
function lcpElementOf(result: Result): string {
  const details = result.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 80)}`.trim() : '?';
}

/** The cookies of a Cookie header into the browser's profile, as the shop had set them (the session's httpOnly). */
async function putCookies(port: number, origin: string, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      return { name, value: pair.slice(at + 1), url: origin, httpOnly: name === 'sid', sameSite: 'Lax' as const };
    });
    await browser.contexts()[0].addCookies(cookies);
  } finally {
    await browser.close(); // disconnects; the browser stays for Lighthouse
  }
}

/** One Lighthouse run in a new Chromium with a new profile (holding `cookies`, a Cookie header, when given). */
export async function lighthouseRun(url: string, language: 'cs' | 'en', reportFile?: string, cookies?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // a Czech or English shopper's browser: its Accept-Language decides where `/` leads
    chromeFlags: [...CHROME_FLAGS, `--lang=${language}`, `--accept-lang=${language === 'cs' ? 'cs-CZ,cs' : 'en-US,en'}`],
    logLevel: 'silent',
  });
  try {
    if (cookies) await putCookies(chrome.port, new URL(url).origin, cookies);
    const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
    const result = runner.lhr;
    if (result.runtimeError) throw new Error(`Lighthouse: ${result.runtimeError.code} ${result.runtimeError.message} (${url})`);
    if (reportFile) writeFileSync(reportFile, runner.report as string);
    const cpu = mainThreadCpu((runner.artifacts.Trace?.traceEvents ?? []) as TraceEvent[], url);
    return {
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
      fcpMs: numeric(result, 'first-contentful-paint'),
      lcpMs: numeric(result, 'largest-contentful-paint'),
      tbtMs: numeric(result, 'total-blocking-time'),
      cls: numeric(result, 'cumulative-layout-shift'),
      lcpElement: lcpElementOf(result),
      load: os.loadavg()[0],
      ...cpu,
    };
  } finally {
    await chrome.kill();
  }
}

/** The run whose performance score is the median (of an odd number of runs: the middle one). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The page into the response cache, and every file of this site it names compressed, as a browser asks for them. */
async function warmUp(origin: string, page: LighthousePage, cookies?: string): Promise<void> {
  const response = await fetch(origin + page.path, {
    headers: { 'accept-language': page.language, 'accept-encoding': 'br, gzip', ...(cookies ? { cookie: cookies } : {}) },
  });
  if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
  const html = await response.text();
  const files = new Set([...html.matchAll(/(?:href|src)="(\/(?:assets|images)\/[^"]+)"|from "(\/assets\/[^"]+)"|"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? m[2] ?? m[3]));
  for (const file of files) {
    const answer = await fetch(origin + file, { headers: { 'accept-encoding': 'br, gzip' } });
    await answer.arrayBuffer();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The catalog pages of the demo data: the home in both languages and one of every other kind. */
async function catalogPages(sql: <T>(text: string) => Promise<T[]>): Promise<LighthousePage[]> {
  const [{ slug: product }] = await sql<{ slug: string }>(
    `SELECT t.slug FROM "ProductTranslation" t JOIN "Product" p ON p.id = t."productId" WHERE t.language = 'cs' AND p.published ORDER BY p."soldCount" DESC LIMIT 1`,
  );
  const [{ slug: article }] = await sql<{ slug: string }>(
    `SELECT t.slug FROM "ArticleTranslation" t JOIN "Article" a ON a.id = t."articleId" WHERE t.language = 'cs' ORDER BY a."publishedAt" DESC LIMIT 1`,
  );
  const [info] = await sql<{ id: number; slug: string }>(
    `SELECT p.id, t.slug FROM "InfoPage" p JOIN "InfoPageTranslation" t ON t."infoPageId" = p.id WHERE t.language = 'cs' ORDER BY p.id LIMIT 1`,
  );
  return [
    { name: 'Czech home', path: '/', language: 'cs' },
    { name: 'English home', path: '/en', language: 'en' },
    { name: 'category', path: '/kategorie/dresy', language: 'cs' },
    { name: 'product', path: `/produkt/${product}`, language: 'cs' },
    { name: 'search', path: '/hledat?q=dres', language: 'cs' },
    { name: 'blog', path: '/blog', language: 'cs' },
    { name: 'article', path: `/blog/${article}`, language: 'cs' },
    { name: 'info page', path: `/info/${info.id}/${info.slug}`, language: 'cs' },
    { name: 'stores', path: '/prodejny', language: 'cs' },
  ];
}

/**
 * Lighthouse on the catalog pages. `withCart`: as a shopper who has 3 pieces in her cart and has made
 * her consent choice (issue 28): her session's cookies are in the profile, so the header's hint, the
 * personal query after hydration and no consent bar; the home, category and product page only.
 */
export async function benchLighthouse(kind: DatabaseKind, options: { runs?: number; pages?: string[]; withCart?: boolean } = {}): Promise<void> {
  const runs = options.runs ?? 3;
  const visit = options.withCart ? 'a shopper with 3 pieces in her cart and her consent choice made' : 'a first visit with the consent bar';
  console.log(`\n== Lighthouse 12 (mobile, default simulation), ${visit}, median of ${runs} runs, ${kind}, ${os.cpus().length} cores`);
  const reports = mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const template = await seedTemplate(kind);
  const shop = await startProductionServer(kind, { template });
  try {
    let pages = await catalogPages(shop.sql);
    let cookies: string | undefined;
    if (options.withCart) {
      pages = pages.filter((page) => ['Czech home', 'category', 'product'].includes(page.name));
      const [{ id: variantId }] = await shop.sql<{ id: number }>(
        `SELECT v.id FROM "Variant" v JOIN "Product" p ON p.id = v."productId" WHERE p.published AND v.stock > 10 ORDER BY v.id LIMIT 1`,
      );
      cookies = (await shopperWithCart(shop.url, gid('Variant', variantId))).cookie;
    }
    if (options.pages?.length) pages = pages.filter((page) => options.pages!.some((wanted) => page.name.includes(wanted) || page.path === wanted));
    for (const page of pages) {
      const url = shop.url + page.path;
      await warmUp(shop.url, page, cookies);
      const results: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++) {
        const file = path.join(reports, `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`);
        results.push(await lighthouseRun(url, page.language, file, cookies));
      }
      const mid = medianRun(results);
      const others = (['accessibility', 'bestPractices', 'seo'] as const).map((key) => median(results.map((r) => r[key])));
      console.log(
        `${`${page.name} ${page.path}`.slice(0, 46).padEnd(46)} ${String(mid.performance).padStart(3)} (${results.map((r) => r.performance).join(', ')})` +
          `  FCP ${seconds(mid.fcpMs)}  LCP ${seconds(mid.lcpMs)}  TBT ${mid.tbtMs.toFixed(0)} ms  CLS ${mid.cls.toFixed(3)}` +
          `  a11y/bp/seo ${others.join('/')}  load ${results.map((r) => r.load.toFixed(2)).join(', ')}`,
      );
      console.log(
        `${''.padEnd(46)} runs: TBT ${results.map((r) => r.tbtMs.toFixed(0)).join(', ')} ms (from CPU time ${results.map((r) => r.tbtFromCpuMs.toFixed(0)).join(', ')});` +
          ` main thread's CPU share ${results.map((r) => `${(r.cpuShare * 100).toFixed(0)} %`).join(', ')}; LCP ${results.map((r) => seconds(r.lcpMs)).join(', ')}; LCP element ${mid.lcpElement}`,
      );
    }
    console.log(`Lighthouse reports (JSON): ${reports}`);
  } finally {
    await shop.stop();
    await removeTemplate(kind, template);
  }
}
