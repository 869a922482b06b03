// A venue's seat plan, as the API serves it (Event.plan) and the seat picker draws it: sections of
// rows, each row a straight line of seats. Seat k (0-based) of a row stands at (x + k*dx, y + k*dy),
// is numbered firstNumber + k and has the event-wide index firstIndex + k; that index is a seat's
// identity everywhere (holds, sales, tickets). Pure functions, shared by web/ and bff/.

export interface PlanRow {
  name: string;
  x: number;
  y: number;
  dx: number;
  dy: number;
  count: number;
  firstNumber: number;
  firstIndex: number;
  categoryCode: string;
}

export interface PlanSection {
  id: string;
  name: string;
  label: { x: number; y: number };
  rows: PlanRow[];
}

export interface SeatPlan {
  width: number;
  height: number;
  /** The playing field, drawn under the seats (not part of the contract's minimum; null when none). */
  pitch: { x: number; y: number; width: number; height: number } | null;
  sections: PlanSection[];
}

/** Where a seat is: its section, row and number, and its price category. */
export interface SeatPlace {
  seat: number;
  section: string;
  row: string;
  number: number;
  categoryCode: string;
}

/** The number of seats of a plan. */
export function planSeatCount(plan: SeatPlan): number {
  return plan.sections.reduce((sum, section) => sum + section.rows.reduce((rows, row) => rows + row.count, 0), 0);
}

/** A seat lookup by index for one plan (binary search over its rows, so 8 000 seats cost nothing). */
export function seatLocator(plan: SeatPlan): (seat: number) => SeatPlace | null {
  const rows = plan.sections
    .flatMap((section) => section.rows.map((row) => ({ section: section.name, row })))
    .sort((a, b) => a.row.firstIndex - b.row.firstIndex);
  return (seat) => {
    if (!Number.isSafeInteger(seat) || seat < 0) return null;
    let low = 0;
    let high = rows.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const { section, row } = rows[middle];
      if (seat < row.firstIndex) high = middle - 1;
      else if (seat >= row.firstIndex + row.count) low = middle + 1;
      else return { seat, section, row: row.name, number: row.firstNumber + seat - row.firstIndex, categoryCode: row.categoryCode };
    }
    return null;
  };
}

/**
 * Problems of a plan's numbering, none when it is sound: the rows' seat indexes must cover
 * 0 .. count-1 exactly once, counts be positive, numbers positive.
 */
export function planProblems(plan: SeatPlan): string[] {
  const problems: string[] = [];
  const rows = plan.sections.flatMap((section) => section.rows.map((row) => ({ section: section.name, row })));
  rows.sort((a, b) => a.row.firstIndex - b.row.firstIndex);
  let next = 0;
  for (const { section, row } of rows) {
    if (!Number.isSafeInteger(row.count) || row.count <= 0) problems.push(`${section}/${row.name}: count ${row.count}`);
    if (row.firstNumber < 1) problems.push(`${section}/${row.name}: firstNumber ${row.firstNumber}`);
    if (row.firstIndex !== next) problems.push(`${section}/${row.name}: firstIndex ${row.firstIndex}, expected ${next}`);
    next = row.firstIndex + row.count;
  }
  return problems;
}

/**
 * The codes of a sold seat's order line: `ticket-<eventId>` and `<eventId>-<seat index>`. The seat index is
 * the shop's own (0-based, event-wide) and contradicts the seat's number, so the variant code of a ticket
 * line is never shown to a person: the line's name says the section, row and seat (issue 40).
 */
export function ticketLineCodes(eventId: number, seat: number): { productCode: string; variantCode: string } {
  return { productCode: `ticket-${eventId}`, variantCode: `${eventId}-${seat}` };
}

/** Whether an order line is a seat (its product code is a ticket's). */
export function isTicketLine(line: { productCode: string }): boolean {
  return /^ticket-\d+$/.test(line.productCode);
}
