// What the cart's no-JS action (cart-action.server.ts) answers to the page: the components that show
// a failed step read it, so it lives apart from the action, which imports their mutations.
export type CartActionData =
  | { intent: 'setQuantity' | 'remove'; lineId: string; quantity: string; error: string }
  | { intent: 'applyVoucher'; code: string; email: string; emailFor: string | null; codeError: string | null; emailError: string | null }
  | { intent: 'removeVoucher'; code: string; error: string }
  | { intent: null; error: string };
