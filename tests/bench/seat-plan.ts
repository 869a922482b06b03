// Seat picker bench (issue 26): `npm run bench -- --only seats` (needs `npm run build`).
//
// The demo stadium's match (7 920 seats) in Chromium, against the same event page without its plan
// in the same run: the page's HTML as the shop answered it, and the same with the plan's <svg> taken
// out, both served by Playwright from memory, so everything else (header, picker's side, scripts,
// hydration) is the same and the server's render time is left out (the pages bench measures that).
//
// - plan's first paint: from navigation start to the first frame painted after the plan's seats are
//   in the document (the seats' path parsed, then two animation frames: the frame that drew it
//   has been presented); the plain page's figure is the same for its <h1>. Medians of alternating loads.
// - click to 'Vybrané': a real mouse click (Playwright) on a free seat; from the pointerup event's
//   time to the frame after the selected seats' path names that seat. Each selected seat is clicked
//   again (not measured) so the per-order limit is never reached.
import os from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { removeTemplate, seedTemplate, startProductionServer, type DatabaseKind, type ProductionServer } from '../support/production-server.ts';
import { median } from './load.ts';
import { layOutPlan, type SeatPlanData } from '../../web/app/features/tickets/seat-plan.ts';

function line(name: string, text: string) {
  console.log(`${name.padEnd(46)} ${text}`);
}

type PlanData = SeatPlanData & { pitch: unknown };

/** The stadium match's slug, plan and free seats, read as the page reads them. */
async function stadiumMatch(shop: ProductionServer) {
  const [{ slug }] = await shop.sql<{ slug: string }>(`SELECT e.slug FROM "Event" e JOIN "Venue" v ON v.id = e."venueId" ORDER BY v."seatCount" DESC LIMIT 1`);
  const [{ plan }] = await shop.sql<{ plan: PlanData }>(`SELECT v.plan FROM "Event" e JOIN "Venue" v ON v.id = e."venueId" WHERE e.slug = $1`, [slug]);
  const taken = new Set((await shop.sql<{ seat: number }>(`SELECT s.seat FROM "EventSeat" s JOIN "Event" e ON e.id = s."eventId" WHERE e.slug = $1`, [slug])).map((row) => row.seat));
  return { slug, plan, taken };
}

/** Milliseconds from navigation start to the frame after `selector` is in the document. */
async function paintedAfter(page: Page, url: string, selector: string): Promise<number> {
  // scripts for the page are strings: tsx would wrap functions in a helper the page does not have
  await page.addInitScript(`
    window.__painted = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(${JSON.stringify(selector)})) return;
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  `);
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate('window.__painted') as Promise<number>;
}

/** Resolves with the milliseconds from the next pointerup on the plan to the frame after `seat` is drawn selected. */
function clickToSelected(page: Page, seat: number): Promise<number> {
  return page.evaluate(`
    new Promise((resolve) => {
      document.querySelector('.seat-plan__frame').addEventListener('pointerup', (event) => {
        const clicked = event.timeStamp;
        const selected = document.querySelector('.seat-plan__selected');
        // React updates the path after this listener: the frame after it names the seat
        const observer = new MutationObserver(() => {
          if (!(selected.getAttribute('data-seats') || '').split(' ').includes('${seat}')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - clicked));
        });
        observer.observe(selected, { attributes: true, attributeFilter: ['data-seats'] });
      }, { once: true });
    })
  `) as Promise<number>;
}

export async function benchSeatPlan(kind: DatabaseKind, options: { loads: number; clicks: number }) {
  console.log(`\n== seat picker: the ${kind} demo stadium in Chromium, ${options.loads} loads each, ${options.clicks} clicks, ${os.cpus().length} cores`);
  const template = await seedTemplate(kind);
  const shop = await startProductionServer(kind, { template });
  const browser = await launchBrowser();
  try {
    const match = await stadiumMatch(shop);
    const path = `/vstupenky/${match.slug}`;
    const html = await (await fetch(shop.url + path)).text();
    const withoutPlan = html.replace(/<svg class="seat-plan__svg"[\s\S]*?<\/svg>/, '');
    if (withoutPlan === html) throw new Error('The event page has no plan to take out.');
    line('event page HTML', `${(html.length / 1024).toFixed(0)} KiB, without the plan ${(withoutPlan.length / 1024).toFixed(0)} KiB`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    // Both pages' HTML as the shop answered it above, served from memory (the first paint measures the
    // browser's work, not the server's render under the machine's load): with the plan, and without
    // it (marked by a query string). Scripts, stylesheet and API come from the shop.
    await context.route(
      (url) => url.pathname === path && (url.searchParams.has('bez-planu') || url.searchParams.has('s-planem')),
      (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: new URL(route.request().url()).searchParams.has('bez-planu') ? withoutPlan : html }),
    );
    const plain: number[] = [];
    const planned: number[] = [];
    // one load of each first: the scripts and stylesheet in the browser's cache, as for a returning fan
    for (let load = -1; load < options.loads; load++) {
      const basePage = await context.newPage();
      const base = await paintedAfter(basePage, `${shop.url}${path}?bez-planu`, 'main h1');
      await basePage.close();
      const planPage = await context.newPage();
      const plan = await paintedAfter(planPage, `${shop.url}${path}?s-planem`, '.seat-plan__svg path.seat-plan__taken');
      await planPage.close();
      if (load >= 0) {
        plain.push(base);
        planned.push(plan);
      }
    }
    const plainMs = median(plain);
    const planMs = median(planned);
    line('first paint, event page without the plan', `${plainMs.toFixed(0)} ms`);
    line("first paint of the 7 920-seat plan", `${planMs.toFixed(0)} ms  ratio ${(planMs / plainMs).toFixed(2)}× (aim ≤ 1.5×)  load ${os.loadavg()[0].toFixed(2)}`);

    // clicks on free seats spread over the plan (every 97th seat index), on the plan as drawn at 1280 px
    const page = await context.newPage();
    await page.goto(shop.url + path);
    await page.waitForSelector('html[data-hydrated]');
    // the consent bar would cover part of the plan
    await page.getByRole('button', { name: 'Odmítnout vše' }).click();
    const layout = layOutPlan(match.plan);
    const free: number[] = [];
    for (let seat = 0; seat < layout.size && free.length < options.clicks; seat += 97) if (layout.exists[seat] && !match.taken.has(seat)) free.push(seat);
    const frame = page.locator('.seat-plan__frame');
    await frame.scrollIntoViewIfNeeded();
    const box = (await frame.boundingBox())!;
    const times: number[] = [];
    for (const seat of free) {
      const x = box.x + (layout.x[seat] / layout.width) * box.width;
      const y = box.y + (layout.y[seat] / layout.height) * box.height;
      const measured = clickToSelected(page, seat);
      // the listener is in place before the click
      await page.waitForTimeout(50);
      await page.mouse.click(x, y);
      times.push(await measured);
      // held (its button beside the plan no longer waits), then let go again (not measured), so the
      // per-order limit is never reached
      await page.locator('.selected-seats__seat button:not([disabled])').waitFor();
      await page.mouse.click(x, y);
      await page.locator('.selected-seats__seat').waitFor({ state: 'detached' });
      await page.waitForTimeout(100);
    }
    line("click on a seat to its 'Vybrané' colour", `median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} clicks (aim ≤ 16 ms)  load ${os.loadavg()[0].toFixed(2)}`);
    await context.close();
  } finally {
    await browser.close();
    await shop.stop();
    await removeTemplate(kind, template);
  }
}
