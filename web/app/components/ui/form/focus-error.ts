// A refused submit takes the shopper to what she has to fix: the keyboard to the first invalid control
// of the form (in the page's order) and the screen to it, so on a phone the message is not left above
// the screen. The message itself is announced by its role="alert" (Field).

const INVALID = '[aria-invalid="true"]';

/**
 * Focuses the first control marked invalid inside `root` and scrolls it to the middle of the screen
 * (its message sits below it). `selector` may add controls that are not form fields (a choice group).
 * Returns whether one was found.
 */
export function focusFirstInvalid(root: ParentNode, selector: string = INVALID): boolean {
  const first = root.querySelector<HTMLElement>(selector);
  if (!first) return false;
  first.focus({ preventScroll: true });
  // jsdom (the unit tests) lays nothing out and has no scrollIntoView
  if (typeof first.scrollIntoView === 'function') first.scrollIntoView({ block: 'center' });
  return true;
}

/** The form (or, outside one, the document) that holds the first of these controls in the page's order. */
export function formOfFirst(ids: readonly string[]): ParentNode | null {
  const elements = ids.map((id) => document.getElementById(id)).filter((element): element is HTMLElement => element !== null);
  if (elements.length === 0) return null;
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return elements[0].closest('form') ?? document;
}
