// Days on which every store keeps other hours (StoreSpecialDay with no store): the days the Czech
// act on shop opening hours (zákon č. 223/2016 Sb.) closes larger shops — 1 January, Easter Monday,
// 8 May, 28 September, 28 October, 25 and 26 December — and 24 December until noon.
export type SeedSpecialDay = { date: string; opens: string | null; closes: string | null };

const closed = (date: string): SeedSpecialDay => ({ date, opens: null, closes: null });

function year(value: number, easterMonday: string): SeedSpecialDay[] {
  return [
    closed(`${value}-01-01`),
    closed(easterMonday),
    closed(`${value}-05-08`),
    closed(`${value}-09-28`),
    closed(`${value}-10-28`),
    { date: `${value}-12-24`, opens: '09:00', closes: '12:00' },
    closed(`${value}-12-25`),
    closed(`${value}-12-26`),
  ];
}

export const storeSpecialDays: SeedSpecialDay[] = [...year(2026, '2026-04-06'), ...year(2027, '2027-03-29'), ...year(2028, '2028-04-17')];
