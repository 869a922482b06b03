// The seat picker's geometry (web/app/features/tickets/seat-plan.ts): seats laid out from the API's
// rows, the seat under a click, arrow-key moves on screen across rows and sections whatever way a
// stand's rows run, the drawn paths, the list of free seats, and zoom and pan that never leave the plan.
import { describe, expect, it } from 'vitest';
import {
  dotsPath,
  firstSeat,
  freeSeatsBySection,
  layOutPlan,
  neighbourSeat,
  openingView,
  panView,
  seatAtPoint,
  seatGroups,
  seatPlace,
  viewBoxOf,
  viewShowing,
  zoomView,
  type PlanRowData,
  type SeatPlanData,
} from '../../../web/app/features/tickets/seat-plan.ts';

function row(name: string, x: number, y: number, dx: number, dy: number, count: number, firstIndex: number, categoryCode = 'A'): PlanRowData {
  return { name, x, y, dx, dy, count, firstNumber: 1, firstIndex, categoryCode };
}

/**
 * Two sections: "A" above, rows left to right (row 1 nearest the pitch at the bottom, y 40, row 2
 * above it at y 30); "B" to the right of A, a stand turned by 90° whose seats run top to bottom.
 */
const plan: SeatPlanData = {
  width: 200,
  height: 100,
  seatCount: 14,
  sections: [
    { id: 'a', name: 'A', label: { x: 30, y: 20 }, rows: [row('1', 10, 40, 10, 0, 4, 0, 'A'), row('2', 10, 30, 10, 0, 4, 4, 'B')] },
    { id: 'b', name: 'B', label: { x: 80, y: 20 }, rows: [row('1', 70, 10, 0, 10, 3, 8, 'B'), row('2', 80, 10, 0, 10, 3, 11, 'B')] },
  ],
};
const layout = layOutPlan(plan);

describe('laying out the plan', () => {
  it('puts seat k of a row at (x + k dx, y + k dy) under the index firstIndex + k', () => {
    expect(layout.size).toBe(14);
    expect([layout.x[2], layout.y[2]]).toEqual([30, 40]);
    expect([layout.x[9], layout.y[9]]).toEqual([70, 20]);
    expect(seatPlace(layout, 6)).toEqual({ section: 'A', row: '2', number: 3, category: 'B' });
    expect(seatPlace(layout, 13)).toEqual({ section: 'B', row: '2', number: 3, category: 'B' });
  });

  it('draws seats a little smaller than the space between them', () => {
    expect(layout.radius).toBeGreaterThan(3);
    expect(layout.radius).toBeLessThan(5);
  });
});

describe('the seat under a point', () => {
  it('is the seat whose circle holds it', () => {
    expect(seatAtPoint(layout, 21, 41)).toBe(1);
    expect(seatAtPoint(layout, 80, 30)).toBe(13);
  });

  it('is none between seats or off the plan', () => {
    expect(seatAtPoint(layout, 15, 35)).toBeNull();
    expect(seatAtPoint(layout, 150, 90)).toBeNull();
    expect(seatAtPoint(layout, -50, -50)).toBeNull();
  });
});

describe('arrow keys', () => {
  it('move along a row and to the row above or below', () => {
    expect(neighbourSeat(layout, 1, 'right')).toBe(2);
    expect(neighbourSeat(layout, 1, 'left')).toBe(0);
    expect(neighbourSeat(layout, 1, 'up')).toBe(5);
    expect(neighbourSeat(layout, 5, 'down')).toBe(1);
  });

  it('cross into the next section on screen, even where its rows run the other way', () => {
    // A's row 2 ends at x 40, y 30; B's seats stand at x 70 and 80, y 10..30
    expect(neighbourSeat(layout, 7, 'right')).toBe(10);
    expect(neighbourSeat(layout, 10, 'right')).toBe(13);
    expect(neighbourSeat(layout, 10, 'up')).toBe(9);
    expect(neighbourSeat(layout, 9, 'up')).toBe(8);
  });

  it('stop at the edge of the plan', () => {
    expect(neighbourSeat(layout, 0, 'left')).toBeNull();
    expect(neighbourSeat(layout, 0, 'down')).toBeNull();
    expect(neighbourSeat(layout, 13, 'right')).toBeNull();
  });

  it('start at the top left seat', () => {
    expect(firstSeat(layout)).toBe(4);
  });

  it('reach every seat of a stadium-sized plan from the first one', () => {
    // 40 sections of 10 rows of 20 seats: 8 000 seats in a grid of sections
    const sections = Array.from({ length: 40 }, (_, s) => {
      const left = (s % 8) * 220;
      const top = Math.floor(s / 8) * 120;
      return { id: `s${s}`, name: `S${s}`, label: { x: left, y: top }, rows: Array.from({ length: 10 }, (_, r) => row(String(r + 1), left, top + r * 10, 10, 0, 20, s * 200 + r * 20)) };
    });
    const big = layOutPlan({ width: 1800, height: 600, seatCount: 8000, sections });
    const seen = new Set<number>();
    let seat = firstSeat(big)!;
    // a snake: right to the end of a line, down one, left to the start, down one ...
    for (let line = 0; line < 50; line++) {
      for (;;) {
        seen.add(seat);
        const next = neighbourSeat(big, seat, line % 2 === 0 ? 'right' : 'left');
        if (next === null) break;
        seat = next;
      }
      const below = neighbourSeat(big, seat, 'down');
      if (below === null) break;
      seat = below;
    }
    expect(seen.size).toBe(8000);
  });
});

describe('drawing', () => {
  it('draws every seat as a dot of one shared path, moving relative to the seat before', () => {
    expect(dotsPath(layout, [0, 1, 2, 13])).toBe('M10 40h0m10 0h0m10 0h0m50 -10h0');
    expect(dotsPath(layout, [])).toBe('');
    // tenths are kept exactly, without floating-point noise
    const odd = layOutPlan({ width: 10, height: 10, seatCount: 3, sections: [{ id: 's', name: 'S', label: { x: 0, y: 0 }, rows: [row('1', 0.1, 0.2, 0.3, 0.1, 3, 0)] }] });
    expect(dotsPath(odd, [0, 1, 2])).toBe('M0.1 0.2h0m0.3 0.1h0m0.3 0.1h0');
  });

  it('groups free seats by price category and taken seats apart', () => {
    const groups = seatGroups(layout, new Set([0, 9]));
    expect(groups.taken).toEqual([0, 9]);
    expect(groups.free.get('A')).toEqual([1, 2, 3]);
    expect(groups.free.get('B')).toHaveLength(9);
  });

  it('lists free seats by section and row, leaving out full rows', () => {
    const list = freeSeatsBySection(layout, new Set([8, 9, 10, 0]));
    expect(list.map((section) => [section.name, section.free])).toEqual([
      ['A', 7],
      ['B', 3],
    ]);
    expect(list[1].rows).toEqual([{ name: '2', seats: [11, 12, 13] }]);
    expect(list[0].rows[0]).toEqual({ name: '1', seats: [1, 2, 3] });
  });
});

describe('zoom and pan', () => {
  const whole = { scale: 1, x: 0, y: 0 };

  it('zooms around the given point and stays within 1× to 8×', () => {
    const zoomed = zoomView(whole, 2, 0.5, 0.5, 200, 100);
    expect(zoomed).toEqual({ scale: 2, x: 50, y: 25 });
    expect(viewBoxOf(zoomed, 200, 100)).toBe('50 25 100 50');
    expect(zoomView(zoomed, 100, 0, 0, 200, 100).scale).toBe(8);
    expect(zoomView(zoomed, 0.01, 0, 0, 200, 100)).toEqual(whole);
  });

  it('pans only as far as the plan goes', () => {
    const zoomed = zoomView(whole, 2, 0, 0, 200, 100);
    expect(panView(zoomed, 30, 10, 200, 100)).toEqual({ scale: 2, x: 30, y: 10 });
    expect(panView(zoomed, 500, 500, 200, 100)).toEqual({ scale: 2, x: 100, y: 50 });
    expect(panView(whole, 30, 10, 200, 100)).toEqual(whole);
  });

  it('brings a seat the keyboard moved to into view', () => {
    const zoomed = { scale: 4, x: 0, y: 0 };
    expect(viewShowing(zoomed, 80, 30, 10, 200, 100)).toEqual({ scale: 4, x: 40, y: 15 });
    expect(viewShowing(zoomed, 20, 10, 10, 200, 100)).toEqual(zoomed);
  });
});

describe('the view a plan opens with (issue 40: a stadium on a phone)', () => {
  // 40 sections of 10 rows of 20 seats, 10 apart, on a plan 1 800 wide: at 390 px seats are 2.2 px apart
  const sections = Array.from({ length: 40 }, (_, s) => {
    const left = (s % 8) * 220;
    const top = Math.floor(s / 8) * 120;
    return { id: `s${s}`, name: `S${s}`, label: { x: left, y: top }, rows: Array.from({ length: 10 }, (_, r) => row(String(r + 1), left, top + r * 10, 10, 0, 20, s * 200 + r * 20)) };
  });
  const stadium = layOutPlan({ width: 1800, height: 600, seatCount: 8000, sections });
  const spacingPx = (frame: number, scale: number) => (10 * frame * scale) / 1800;

  it('is the whole plan where seats are far enough apart to tap (a desktop)', () => {
    expect(openingView(stadium, new Set(), [], 2400)).toEqual({ view: { scale: 1, x: 0, y: 0 }, section: null });
    expect(openingView(layout, new Set(), [], 390).view.scale).toBe(1);
    // a desktop's frame of 800 px (seats 4.4 px apart) too: a mouse hits them, and the whole stadium is wanted there
    expect(openingView(stadium, new Set(), [], 800).view.scale).toBe(1);
  });

  it('on a phone zooms so that seats are at least 12 px apart, onto the section with the most free seats', () => {
    // every section full but S13, which has 150 seats free, and S30, with 20
    const taken = new Set<number>();
    for (let seat = 0; seat < 8000; seat++) {
      const section = Math.floor(seat / 200);
      const free = section === 13 ? seat % 200 < 150 : section === 30 ? seat % 200 < 20 : false;
      if (!free) taken.add(seat);
    }
    const opened = openingView(stadium, taken, [], 390);
    expect(opened.section).toBe('S13');
    expect(spacingPx(390, opened.view.scale)).toBeGreaterThanOrEqual(12);
    // S13 (x 1100..1290, y 120..210) is in the view
    const { x, y, scale } = opened.view;
    expect(x).toBeLessThanOrEqual(1100);
    expect(x + 1800 / scale).toBeGreaterThanOrEqual(1290);
    expect(y).toBeLessThanOrEqual(120);
    expect(y + 600 / scale).toBeGreaterThanOrEqual(190);
  });

  it('onto the shopper’s stand when she has seats, and never outside the plan', () => {
    const opened = openingView(stadium, new Set(), [39 * 200 + 5], 390);
    expect(opened.section).toBe('S39');
    const { x, y, scale } = opened.view;
    // her seat (x 1590, y 480) is in the view, and the view is within the plan
    expect(x).toBeLessThanOrEqual(1590);
    expect(x + 1800 / scale).toBeGreaterThanOrEqual(1590);
    expect(y).toBeLessThanOrEqual(480);
    expect(y + 600 / scale).toBeGreaterThanOrEqual(480);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + 1800 / scale).toBeLessThanOrEqual(1800);
    expect(y + 600 / scale).toBeLessThanOrEqual(600);
  });
});
