// The demo venues' seat plans, generated (no hand-drawn picture per venue): a small club ground with
// one stand of ~300 seats, and a stadium of ~8 000 seats in a bowl of four stands around the pitch.
// Rows are straight lines of seats (schema/rules/seat-plan.ts); indexes run section by section, row
// by row from the pitch outwards.
import type { PlanRow, PlanSection, SeatPlan } from '../../schema/rules/seat-plan.ts';

type Stand = {
  /** section name prefix, e.g. "S" for sever (north) */
  prefix: string;
  sections: number;
  seatsPerRow: number;
  rows: number;
  /** where row 1's first seat of the stand's first section stands */
  origin: { x: number; y: number };
  /** along a row (seat to seat) */
  along: { x: number; y: number };
  /** from a row to the next one, away from the pitch */
  outwards: { x: number; y: number };
  /** the space between two sections along the row */
  gap: number;
  category: (section: number, row: number) => string;
};

function standSections(stand: Stand, firstIndex: number): { sections: PlanSection[]; next: number } {
  const sections: PlanSection[] = [];
  let index = firstIndex;
  const step = Math.hypot(stand.along.x, stand.along.y);
  for (let s = 0; s < stand.sections; s++) {
    const offset = s * (stand.seatsPerRow * step + stand.gap);
    const unit = { x: stand.along.x / step, y: stand.along.y / step };
    const start = { x: stand.origin.x + unit.x * offset, y: stand.origin.y + unit.y * offset };
    const rows: PlanRow[] = [];
    for (let r = 0; r < stand.rows; r++) {
      rows.push({
        name: String(r + 1),
        x: round(start.x + r * stand.outwards.x),
        y: round(start.y + r * stand.outwards.y),
        dx: stand.along.x,
        dy: stand.along.y,
        count: stand.seatsPerRow,
        firstNumber: 1,
        firstIndex: index,
        categoryCode: stand.category(s, r),
      });
      index += stand.seatsPerRow;
    }
    const middle = (stand.seatsPerRow - 1) / 2;
    const rowsMiddle = (stand.rows - 1) / 2;
    sections.push({
      id: `${stand.prefix}${s + 1}`,
      name: `${stand.prefix}${s + 1}`,
      label: {
        x: round(start.x + middle * stand.along.x + rowsMiddle * stand.outwards.x),
        y: round(start.y + middle * stand.along.y + rowsMiddle * stand.outwards.y),
      },
      rows,
    });
  }
  return { sections, next: index };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function planOf(width: number, height: number, pitch: SeatPlan['pitch'], stands: Stand[]): SeatPlan {
  const sections: PlanSection[] = [];
  let next = 0;
  for (const stand of stands) {
    const built = standSections(stand, next);
    sections.push(...built.sections);
    next = built.next;
  }
  return { width, height, pitch, sections };
}

/** A club ground: one stand of 3 sections × 10 rows × 10 seats (300) facing the pitch. */
export function smallGroundPlan(): SeatPlan {
  const seat = 10;
  return planOf(600, 420, { x: 100, y: 30, width: 400, height: 220 }, [
    {
      prefix: 'T',
      sections: 3,
      seatsPerRow: 10,
      rows: 10,
      origin: { x: 135, y: 285 },
      along: { x: seat, y: 0 },
      outwards: { x: 0, y: seat },
      gap: 25,
      category: (section) => (section === 1 ? 'A' : 'B'),
    },
  ]);
}

/**
 * A stadium bowl: north and south stands of 6 sections × 30 rows × 16 seats, east and west stands
 * (behind the goals) of 3 sections × 30 rows × 12 seats: 7 920 seats. Category A is the middle of the
 * long sides up to row 15, B the rest of the long sides, C behind the goals.
 */
export function stadiumPlan(): SeatPlan {
  const seat = 9;
  const rows = 30;
  const pitch = { x: 450, y: 390, width: 500, height: 320 };
  const longSide = (section: number, row: number) => (section >= 1 && section <= 4 && row < 15 ? 'A' : 'B');
  const behindGoal = () => 'C';
  const longWidth = 6 * 16 * seat + 5 * 12;
  const shortWidth = 3 * 12 * seat + 2 * 12;
  const left = pitch.x + pitch.width / 2 - longWidth / 2;
  const top = pitch.y + pitch.height / 2 - shortWidth / 2;
  return planOf(1400, 1100, pitch, [
    // north (sever): rows go up, seats left to right
    { prefix: 'S', sections: 6, seatsPerRow: 16, rows, origin: { x: left, y: pitch.y - 30 }, along: { x: seat, y: 0 }, outwards: { x: 0, y: -seat }, gap: 12, category: longSide },
    // east (východ): rows go right, seats top to bottom
    { prefix: 'V', sections: 3, seatsPerRow: 12, rows, origin: { x: pitch.x + pitch.width + 30, y: top }, along: { x: 0, y: seat }, outwards: { x: seat, y: 0 }, gap: 12, category: behindGoal },
    // south (jih): rows go down, seats right to left as seen from the pitch
    { prefix: 'J', sections: 6, seatsPerRow: 16, rows, origin: { x: left + longWidth - seat, y: pitch.y + pitch.height + 30 }, along: { x: -seat, y: 0 }, outwards: { x: 0, y: seat }, gap: 12, category: longSide },
    // west (západ): rows go left, seats bottom to top
    { prefix: 'Z', sections: 3, seatsPerRow: 12, rows, origin: { x: pitch.x - 30, y: top + shortWidth - seat }, along: { x: 0, y: -seat }, outwards: { x: -seat, y: 0 }, gap: 12, category: behindGoal },
  ]);
}

/**
 * Which seats of a plan were sold before the demo (box office, season tickets): whole blocks of the
 * best category's middle rows and a scattering elsewhere, the same every time (no randomness).
 */
export function demoSoldSeats(plan: SeatPlan, share: number): number[] {
  const sold: number[] = [];
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (let k = 0; k < row.count; k++) {
        const index = row.firstIndex + k;
        // a deterministic hash of the index spreads the sold seats over the plan
        const hash = ((index * 2654435761) >>> 0) / 2 ** 32;
        if (hash < share) sold.push(index);
      }
    }
  }
  return sold;
}
