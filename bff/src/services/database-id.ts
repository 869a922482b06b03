// Database ids arrive as text (the local part of a global id, a form field): one parser for all.

/** A positive 32-bit integer id, or -1 (matches no row) for anything else. */
export function databaseId(value: string | number): number {
  const text = String(value);
  const id = Number(text);
  return /^\d{1,10}$/.test(text) && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : -1;
}
