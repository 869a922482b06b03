// The plan's colours: free seats in their price category's colour (each at least 3:1 against the
// white page, WCAG's contrast for graphics), taken seats a pale grey, the shopper's own seats red
// with a dark ring (told apart by more than colour: the ring), the keyboard's seat an amber ring
// like every focus outline of the shop.
export const SEAT_COLOURS = {
  taken: '#c3c9d1',
  selected: '#c8102e',
  selectedRing: '#1b1f24',
  focus: '#f5a623',
} as const;

/** Category colours in the order of the event's categories (A, B, C ...); more categories reuse them. */
const CATEGORY_COLOURS = ['#0a5096', '#1e7b34', '#7a3fa0', '#a34d00', '#00727d', '#5b6470'];

/** The colour of each category code, by the order the event lists its categories. */
export function categoryColours(codes: readonly string[]): (code: string) => string {
  const colours = new Map(codes.map((code, index) => [code, CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]]));
  return (code) => colours.get(code) ?? CATEGORY_COLOURS[CATEGORY_COLOURS.length - 1];
}
