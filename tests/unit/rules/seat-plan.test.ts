// The seat plan rules (schema/rules/seat-plan.ts) and the demo venues' generated plans (prisma/seed/venues.ts).
import { describe, expect, it } from 'vitest';
import { planProblems, planSeatCount, seatLocator, type SeatPlan } from '../../../schema/rules/seat-plan.ts';
import { demoSoldSeats, smallGroundPlan, stadiumPlan } from '../../../prisma/seed/venues.ts';

const plan: SeatPlan = {
  width: 100,
  height: 50,
  pitch: null,
  sections: [
    { id: 'A', name: 'A', label: { x: 0, y: 0 }, rows: [{ name: '1', x: 0, y: 0, dx: 5, dy: 0, count: 3, firstNumber: 1, firstIndex: 0, categoryCode: 'A' }] },
    { id: 'B', name: 'B', label: { x: 0, y: 0 }, rows: [{ name: '7', x: 0, y: 10, dx: 5, dy: 0, count: 2, firstNumber: 11, firstIndex: 3, categoryCode: 'B' }] },
  ],
};

describe('seat plan', () => {
  it('finds a seat by its event-wide index: section, row, number and category', () => {
    const locate = seatLocator(plan);
    expect(locate(0)).toEqual({ seat: 0, section: 'A', row: '1', number: 1, categoryCode: 'A' });
    expect(locate(4)).toEqual({ seat: 4, section: 'B', row: '7', number: 12, categoryCode: 'B' });
    expect(locate(5)).toBeNull();
    expect(locate(-1)).toBeNull();
    expect(locate(1.5)).toBeNull();
    expect(planSeatCount(plan)).toBe(5);
  });

  it('names a numbering with gaps or overlaps', () => {
    expect(planProblems(plan)).toEqual([]);
    const gap = structuredClone(plan);
    gap.sections[1].rows[0].firstIndex = 4;
    expect(planProblems(gap)).toEqual(['B/7: firstIndex 4, expected 3']);
  });

  it('the demo venues: a 300-seat ground and a 7 920-seat stadium, every seat once, inside the drawing', () => {
    for (const [venue, seats] of [
      [smallGroundPlan(), 300],
      [stadiumPlan(), 7920],
    ] as const) {
      expect(planSeatCount(venue)).toBe(seats);
      expect(planProblems(venue)).toEqual([]);
      for (const row of venue.sections.flatMap((section) => section.rows)) {
        for (const k of [0, row.count - 1]) {
          const [x, y] = [row.x + k * row.dx, row.y + k * row.dy];
          expect(x >= 0 && x <= venue.width && y >= 0 && y <= venue.height, `${row.name} ${x},${y}`).toBe(true);
        }
      }
      const sold = demoSoldSeats(venue, 0.3);
      expect(sold.length / seats).toBeGreaterThan(0.2);
      expect(sold.length / seats).toBeLessThan(0.4);
      expect(sold).toEqual(demoSoldSeats(venue, 0.3));
    }
  });
});
