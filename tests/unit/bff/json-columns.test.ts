// The JSON columns read at the service boundary (bff/src/services/json-columns.ts, and the checkout's
// snapshot in services/checkout.ts): a sound value comes back typed, a malformed one is refused with
// the column and the place in the value named.
import { describe, expect, it } from 'vitest';
import { MalformedColumnError, readSeatPlan, readSizeChartColumns, readSizeChartRows } from '../../../bff/src/services/json-columns.ts';
import { readCheckoutSnapshot, type CheckoutSnapshot } from '../../../bff/src/services/checkout.ts';
import { smallGroundPlan, stadiumPlan } from '../../../prisma/seed/venues.ts';
import type { SeatPlan } from '../../../schema/rules/seat-plan.ts';

/** A value as the database hands it back: plain JSON. */
const stored = <T>(value: T) => JSON.parse(JSON.stringify(value)) as T & Parameters<typeof readSeatPlan>[0];

describe('Venue.plan', () => {
  it('reads the demo venues’ plans as they were written', () => {
    for (const plan of [smallGroundPlan(), stadiumPlan()]) expect(readSeatPlan(stored(plan))).toEqual(plan);
  });

  it('a plan without a pitch has a null one', () => {
    const { pitch: _pitch, ...withoutPitch } = smallGroundPlan();
    expect(readSeatPlan(stored(withoutPitch)).pitch).toBeNull();
  });

  it('refuses a plan with a row whose count is not an integer, naming where', () => {
    const plan: SeatPlan = structuredClone(smallGroundPlan());
    (plan.sections[1].rows[2] as { count: unknown }).count = '12';
    expect(() => readSeatPlan(stored(plan))).toThrow(new MalformedColumnError('Venue.plan', 'sections[1].rows[2].count', 'an integer'));
    expect(() => readSeatPlan(stored(plan))).toThrow('Venue.plan: sections[1].rows[2].count is not an integer');
  });

  it('refuses what is no plan at all', () => {
    expect(() => readSeatPlan(null)).toThrow('Venue.plan: the value is not an object');
    expect(() => readSeatPlan([])).toThrow('Venue.plan: the value is not an object');
    expect(() => readSeatPlan({ width: 1, height: 1, pitch: null })).toThrow('Venue.plan: sections is not a list');
  });
});

describe('SizeChart.rows and SizeChartTranslation.columns', () => {
  it('reads the cells and the headings', () => {
    expect(readSizeChartRows([['S', '88–96'], ['M', '96–104']])).toEqual([['S', '88–96'], ['M', '96–104']]);
    expect(readSizeChartColumns(['Velikost', 'Obvod hrudníku (cm)'])).toEqual(['Velikost', 'Obvod hrudníku (cm)']);
    expect(readSizeChartRows([])).toEqual([]);
  });

  it('refuses a cell or a heading that is no text, and a row that is no list', () => {
    expect(() => readSizeChartRows([['S', 88]])).toThrow('SizeChart.rows: [0][1] is not a string');
    expect(() => readSizeChartRows(['S'])).toThrow('SizeChart.rows: [0] is not a list');
    expect(() => readSizeChartColumns({ cs: 'Velikost' })).toThrow('SizeChartTranslation.columns: the value is not a list');
  });
});

describe('CheckoutRevision.snapshot', () => {
  const snapshot: CheckoutSnapshot = {
    currency: 'CZK',
    lines: [{ variantId: 7, name: 'Dres domácí, M', quantity: 2, unitGross: 149_900 }],
    tickets: [{ eventId: 3, seat: 41, name: 'Sektor A, řada 2, místo 5', unitGross: 25_000 }],
    delivery: { id: 1, name: 'Kurýr', gross: 9_900 },
    payment: null,
    vouchers: [{ code: 'JARO', valid: true, discountGross: 10_000 }],
    totalGross: 324_700,
  };

  it('reads a snapshot as it was written', () => {
    expect(readCheckoutSnapshot(stored(snapshot))).toEqual(snapshot);
  });

  it('a snapshot from before tickets has none', () => {
    const { tickets: _tickets, ...beforeTickets } = snapshot;
    expect(readCheckoutSnapshot(stored(beforeTickets))).toEqual(beforeTickets);
  });

  it('refuses an unknown currency, a fractional amount and a missing list', () => {
    expect(() => readCheckoutSnapshot(stored({ ...snapshot, currency: 'USD' }))).toThrow('CheckoutRevision.snapshot: currency is not CZK or EUR');
    expect(() => readCheckoutSnapshot(stored({ ...snapshot, lines: [{ ...snapshot.lines[0], unitGross: 1499.5 }] }))).toThrow(
      'CheckoutRevision.snapshot: lines[0].unitGross is not an integer',
    );
    const { vouchers: _vouchers, ...withoutVouchers } = snapshot;
    expect(() => readCheckoutSnapshot(stored(withoutVouchers))).toThrow('CheckoutRevision.snapshot: vouchers is not a list');
  });
});
