// What the shopper typed into the checkout, kept while she switches the language (issue 24, item 6).
// The header's language link loads the other language's checkout from the server, which knows only
// what the cart saved; so the form's fields are written to this tab's sessionStorage as she types and
// read back, once, after the other page hydrates. The draft belongs to one cart (another cart's is
// ignored), dies with the tab and is dropped when the order is placed. The checkout has no passwords.
import { EMPTY_ADDRESS, type AddressValues } from './AddressFields.tsx';

const KEY = 'tribuna.checkout-draft';

export type CheckoutDraft = {
  cartId: string;
  invoice: AddressValues;
  delivery: AddressValues;
  forCompany: boolean;
  sameAsInvoice: boolean;
  invoiceSavedId: string | null;
  deliverySavedId: string | null;
  note: string;
  newsletter: boolean;
  /** The questionnaire's opt-out (absent in drafts written before it existed). */
  surveyOptOut?: boolean;
  /** Absent in drafts kept before it existed. */
  reviewRequestOptOut?: boolean;
  terms: boolean;
  /** The fields that showed a message, checked again in the language the draft is restored in. */
  invalid: { invoice: string[]; delivery: string[] };
};

/** sessionStorage, or null where the browser refuses it (storage turned off): then nothing is kept. */
export function draftStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function isAddress(value: unknown): value is AddressValues {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return Object.keys(EMPTY_ADDRESS).every((field) => typeof record[field] === 'string');
}

function isIdOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function isNames(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((name) => typeof name === 'string');
}

/** The draft of this cart, or null (none, another cart's, or something this code did not write). */
export function readDraft(storage: Storage | null, cartId: string): CheckoutDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const draft = parsed as Record<string, unknown>;
  const invalid = draft.invalid as Record<string, unknown> | null | undefined;
  const valid =
    draft.cartId === cartId &&
    isAddress(draft.invoice) &&
    isAddress(draft.delivery) &&
    typeof draft.forCompany === 'boolean' &&
    typeof draft.sameAsInvoice === 'boolean' &&
    isIdOrNull(draft.invoiceSavedId) &&
    isIdOrNull(draft.deliverySavedId) &&
    typeof draft.note === 'string' &&
    typeof draft.newsletter === 'boolean' &&
    (draft.reviewRequestOptOut === undefined || typeof draft.reviewRequestOptOut === 'boolean') &&
    typeof draft.terms === 'boolean' &&
    typeof invalid === 'object' &&
    invalid !== null &&
    isNames(invalid.invoice) &&
    isNames(invalid.delivery);
  return valid ? (parsed as CheckoutDraft) : null;
}

export function writeDraft(storage: Storage | null, draft: CheckoutDraft): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage full or refused: the switch then starts from what the cart saved, as without a draft
  }
}

export function clearDraft(storage: Storage | null): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}
