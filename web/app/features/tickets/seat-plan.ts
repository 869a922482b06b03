// The seat plan's geometry, without React or the DOM: every seat of an event laid out from the rows
// of the API's SeatPlan (seat k of a row at (x + k*dx, y + k*dy), identity firstIndex + k), found
// by a point (a click), by an arrow key (the nearest seat in that direction on screen), and drawn as
// one SVG path per group of seats, so 8 000 seats are a handful of elements, not 8 000 components.

import type { PlanRow, PlanSection } from '../../../../schema/rules/seat-plan.ts';

/** A row of seats in the API's shape (type PlanRow, schema/rules/seat-plan.ts). */
export type PlanRowData = PlanRow;

/** A section in the API's shape (type PlanSection). */
export type PlanSectionData = Omit<PlanSection, 'rows'> & { rows: readonly PlanRow[] };

/** The plan in the API's shape (type SeatPlan). */
export type SeatPlanData = { width: number; height: number; seatCount: number; sections: readonly PlanSectionData[] };

/** Every seat of a plan in flat arrays indexed by the event-wide seat index. */
export type SeatLayout = {
  /** one more than the highest seat index */
  size: number;
  exists: Uint8Array;
  x: Float64Array;
  y: Float64Array;
  /** index into `sections` */
  section: Int32Array;
  /** index into the section's rows */
  row: Int32Array;
  number: Int32Array;
  /** the seat's price category code */
  category: string[];
  sections: readonly PlanSectionData[];
  /** the radius a seat is drawn with: a little under half the distance between neighbours */
  radius: number;
  /** seat indices by grid cell, for finding the seat under a point */
  grid: Map<string, number[]>;
  cell: number;
  width: number;
  height: number;
};

export type Direction = 'left' | 'right' | 'up' | 'down';

const DIRECTIONS: Record<Direction, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/** Lays the plan's rows out into seats. */
export function layOutPlan(plan: SeatPlanData): SeatLayout {
  let size = 0;
  let spacing = Infinity;
  for (const section of plan.sections) {
    for (const row of section.rows) {
      size = Math.max(size, row.firstIndex + row.count);
      if (row.count > 1) spacing = Math.min(spacing, Math.hypot(row.dx, row.dy));
    }
  }
  if (!Number.isFinite(spacing) || spacing <= 0) spacing = Math.max(plan.width, plan.height) / 50 || 10;
  const radius = spacing * 0.42;
  const cell = spacing * 2;
  const layout: SeatLayout = {
    size,
    exists: new Uint8Array(size),
    x: new Float64Array(size),
    y: new Float64Array(size),
    section: new Int32Array(size),
    row: new Int32Array(size),
    number: new Int32Array(size),
    category: new Array<string>(size).fill(''),
    sections: plan.sections,
    radius,
    grid: new Map(),
    cell,
    width: plan.width,
    height: plan.height,
  };
  plan.sections.forEach((section, sectionIndex) => {
    section.rows.forEach((row, rowIndex) => {
      for (let k = 0; k < row.count; k++) {
        const seat = row.firstIndex + k;
        const x = row.x + k * row.dx;
        const y = row.y + k * row.dy;
        layout.exists[seat] = 1;
        layout.x[seat] = x;
        layout.y[seat] = y;
        layout.section[seat] = sectionIndex;
        layout.row[seat] = rowIndex;
        layout.number[seat] = row.firstNumber + k;
        layout.category[seat] = row.categoryCode;
        const key = cellKey(x, y, cell);
        const bucket = layout.grid.get(key);
        if (bucket) bucket.push(seat);
        else layout.grid.set(key, [seat]);
      }
    });
  });
  return layout;
}

function cellKey(x: number, y: number, cell: number): string {
  return `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
}

/** Whether `seat` is a seat of this plan. */
export function isSeat(layout: SeatLayout, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < layout.size && layout.exists[seat] === 1;
}

/** The seat drawn under the point (plan coordinates), or null. */
export function seatAtPoint(layout: SeatLayout, x: number, y: number): number | null {
  const cx = Math.floor(x / layout.cell);
  const cy = Math.floor(y / layout.cell);
  let best: number | null = null;
  let bestDistance = layout.radius * 1.25;
  for (let gx = cx - 1; gx <= cx + 1; gx++) {
    for (let gy = cy - 1; gy <= cy + 1; gy++) {
      for (const seat of layout.grid.get(`${gx}:${gy}`) ?? []) {
        const distance = Math.hypot(layout.x[seat] - x, layout.y[seat] - y);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = seat;
        }
      }
    }
  }
  return best;
}

/**
 * The seat an arrow key moves to: the nearest seat in that direction on screen, preferring seats in
 * line with the current one (a seat off to the side counts as three times as far), within a cone of
 * about 63° either side; null at the plan's edge.
 */
export function neighbourSeat(layout: SeatLayout, from: number, direction: Direction): number | null {
  const [ux, uy] = DIRECTIONS[direction];
  const fx = layout.x[from];
  const fy = layout.y[from];
  let best: number | null = null;
  let bestScore = Infinity;
  for (let seat = 0; seat < layout.size; seat++) {
    if (seat === from || layout.exists[seat] === 0) continue;
    const vx = layout.x[seat] - fx;
    const vy = layout.y[seat] - fy;
    const along = vx * ux + vy * uy;
    if (along <= layout.radius * 0.5) continue;
    const across = Math.abs(vx * uy - vy * ux);
    if (across > along * 2) continue;
    const score = along + across * 3;
    if (score < bestScore || (score === bestScore && best !== null && seat < best)) {
      bestScore = score;
      best = seat;
    }
  }
  return best;
}

/** The first seat of the plan (top left), where keyboard focus starts. */
export function firstSeat(layout: SeatLayout): number | null {
  let best: number | null = null;
  for (let seat = 0; seat < layout.size; seat++) {
    if (layout.exists[seat] === 0) continue;
    if (best === null || layout.y[seat] + layout.x[seat] < layout.y[best] + layout.x[best]) best = seat;
  }
  return best;
}

/** The section, row and number of a seat, as a ticket names it. */
export function seatPlace(layout: SeatLayout, seat: number): { section: string; row: string; number: number; category: string } {
  const section = layout.sections[layout.section[seat]];
  return { section: section.name, row: section.rows[layout.row[seat]].name, number: layout.number[seat], category: layout.category[seat] };
}

/**
 * One SVG path with a dot for each of `seats`: a zero-length line per seat (`h0`), which a round
 * line cap draws as a circle as wide as the path's stroke (SVG 1.1, 11.4). Moves are relative, in
 * tenths, so a row's next seat is a few characters (`m9 0h0`): 8 000 seats are ~60 KB of HTML
 * instead of ~400 KB as circles of two arcs each.
 */
export function dotsPath(layout: SeatLayout, seats: Iterable<number>): string {
  const parts: string[] = [];
  let previousX = 0;
  let previousY = 0;
  let first = true;
  for (const seat of seats) {
    const x = Math.round(layout.x[seat] * 10);
    const y = Math.round(layout.y[seat] * 10);
    parts.push(first ? `M${x / 10} ${y / 10}h0` : `m${(x - previousX) / 10} ${(y - previousY) / 10}h0`);
    first = false;
    previousX = x;
    previousY = y;
  }
  return parts.join('');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The seats drawn in each colour: free seats by price category, and taken ones (sold or held by
 * someone else). Seats of this shopper are drawn over them separately (few, and they change on a click).
 */
export function seatGroups(layout: SeatLayout, taken: ReadonlySet<number>): { free: Map<string, number[]>; taken: number[] } {
  const free = new Map<string, number[]>();
  const takenSeats: number[] = [];
  for (let seat = 0; seat < layout.size; seat++) {
    if (layout.exists[seat] === 0) continue;
    if (taken.has(seat)) {
      takenSeats.push(seat);
      continue;
    }
    const code = layout.category[seat];
    const group = free.get(code);
    if (group) group.push(seat);
    else free.set(code, [seat]);
  }
  return { free, taken: takenSeats };
}

export type FreeRow = { name: string; seats: number[] };
export type FreeSection = { id: string; name: string; free: number; rows: FreeRow[] };

/** The free seats by section and row, for the list view (in the plan's order). */
export function freeSeatsBySection(layout: SeatLayout, taken: ReadonlySet<number>): FreeSection[] {
  return layout.sections.map((section) => {
    const rows = section.rows.map((row) => {
      const seats: number[] = [];
      for (let k = 0; k < row.count; k++) if (!taken.has(row.firstIndex + k)) seats.push(row.firstIndex + k);
      return { name: row.name, seats };
    });
    return { id: section.id, name: section.name, free: rows.reduce((sum, row) => sum + row.seats.length, 0), rows: rows.filter((row) => row.seats.length > 0) };
  });
}

/** What the plan shows: a scale (1 = the whole plan) and the plan point at the view's top left. */
export type PlanView = { scale: number; x: number; y: number };

export const MIN_SCALE = 1;
export const MAX_SCALE = 8;

/**
 * Zooms by `factor` keeping the plan point under (px, py) (fractions 0..1 of the view) in place;
 * the view never leaves the plan.
 */
export function zoomView(view: PlanView, factor: number, px: number, py: number, width: number, height: number): PlanView {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const pointX = view.x + (px * width) / view.scale;
  const pointY = view.y + (py * height) / view.scale;
  return clampView({ scale, x: pointX - (px * width) / scale, y: pointY - (py * height) / scale }, width, height);
}

/** Moves the view by (dx, dy) plan units, within the plan. */
export function panView(view: PlanView, dx: number, dy: number, width: number, height: number): PlanView {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, width, height);
}

/** The view moved just enough to show the seat at (x, y) with a margin. */
export function viewShowing(view: PlanView, x: number, y: number, margin: number, width: number, height: number): PlanView {
  const visibleWidth = width / view.scale;
  const visibleHeight = height / view.scale;
  let left = view.x;
  let top = view.y;
  if (x - margin < left) left = x - margin;
  if (x + margin > left + visibleWidth) left = x + margin - visibleWidth;
  if (y - margin < top) top = y - margin;
  if (y + margin > top + visibleHeight) top = y + margin - visibleHeight;
  return clampView({ scale: view.scale, x: left, y: top }, width, height);
}

function clampView(view: PlanView, width: number, height: number): PlanView {
  const maxX = width - width / view.scale;
  const maxY = height - height / view.scale;
  return { scale: view.scale, x: Math.min(maxX, Math.max(0, view.x)), y: Math.min(maxY, Math.max(0, view.y)) };
}

/** Seats closer than this on the screen (CSS pixels) are too small to tap: the plan opens zoomed (issue 40). */
export const MIN_SEAT_SPACING_PX = 12;
/** A frame narrower than this is a phone's; a wider one (a desktop, a mouse) opens the whole plan. */
export const NARROW_FRAME_PX = 600;
/** How far apart seats are when the plan opens zoomed on a narrow screen. */
export const OPEN_SEAT_SPACING_PX = 18;

/**
 * The view a plan opens with in a frame `frameWidthPx` wide: the whole plan on a wide screen or when
 * its seats are far enough apart to tap, else zoomed so that they are, onto the shopper's stand (centred on her seats
 * of the section of her first seat) or, before she has one, the section with the most free seats,
 * centred on them.
 */
export function openingView(
  layout: SeatLayout,
  taken: ReadonlySet<number>,
  selected: readonly number[],
  frameWidthPx: number,
): { view: PlanView; section: string | null } {
  const whole = { view: { scale: 1, x: 0, y: 0 }, section: null };
  const spacing = layout.cell / 2;
  const spacingPx = (spacing * frameWidthPx) / layout.width;
  if (!(frameWidthPx > 0) || frameWidthPx >= NARROW_FRAME_PX || spacingPx >= MIN_SEAT_SPACING_PX) return whole;
  const chosen = selected.find((seat) => isSeat(layout, seat));
  let section = chosen === undefined ? -1 : layout.section[chosen];
  if (section < 0) {
    const free = new Array<number>(layout.sections.length).fill(0);
    for (let seat = 0; seat < layout.size; seat++) if (layout.exists[seat] && !taken.has(seat)) free[layout.section[seat]] += 1;
    section = free.indexOf(Math.max(...free));
  }
  if (section < 0) return whole;
  // centred on her seats of that stand, else on the stand's free seats
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  for (let seat = 0; seat < layout.size; seat++) {
    if (!layout.exists[seat] || layout.section[seat] !== section) continue;
    if (chosen === undefined ? taken.has(seat) : !selected.includes(seat)) continue;
    sumX += layout.x[seat];
    sumY += layout.y[seat];
    count += 1;
  }
  if (count === 0) return whole;
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, OPEN_SEAT_SPACING_PX / spacingPx));
  const centreX = sumX / count;
  const centreY = sumY / count;
  const view = clampView({ scale, x: centreX - layout.width / scale / 2, y: centreY - layout.height / scale / 2 }, layout.width, layout.height);
  return { view, section: layout.sections[section].name };
}

/** The SVG viewBox of a view. */
export function viewBoxOf(view: PlanView, width: number, height: number): string {
  return `${round(view.x)} ${round(view.y)} ${round(width / view.scale)} ${round(height / view.scale)}`;
}
