// What the BFF hands to the web's loaders and actions as `context` (bff/src/app.ts builds it for each
// page request; web/app/context.ts tells React Router that `args.context` is this). Declared here, in
// the part both sides share, so the two can never drift apart.
export type ShopLoadContext = {
  // the web sends a persisted document's hash (extensions.persistedQuery), not its text (query)
  executeGraphQL: (
    body: { query?: string; variables?: unknown; operationName?: string; extensions?: Record<string, unknown> },
    language: string,
  ) => Promise<unknown>;
  nonce: string;
  publicUrl: string;
  /** The CSRF token of the request's session id for the pages' hidden `_csrf` form fields (bff/src/http/csrf.ts). */
  formToken: string | null;
  /**
   * A page that is never shared (the cart, the checkout, the account: bff/src/http/personal-pages.ts) or the
   * page answered to a form post: it may show the shopper's own header at once (docs/decisions/0043).
   */
  personalPage: boolean;
  /** An action's check of a posted `_csrf` field (docs/decisions/0020). */
  verifyFormToken: (value: unknown) => boolean;
  /** The shop's withdrawal period in days (the setting WITHDRAWAL_PERIOD_DAYS), which the model withdrawal form states. */
  withdrawalPeriodDays: number;
  /**
   * Third-party tags, loaded in the browser only after the matching cookie consent. `conversions`: a
   * conversion script's key is set, so "Koupit a zaplatit" leads to the thank-you page (docs/decisions/0076).
   */
  tracking: { gtmId: string | null; socialPixelId: string | null; conversions: boolean };
  /**
   * The thank-you page's conversion scripts (docs/decisions/0076): allows this response's CSP the hosts
   * of the configured scripts. Null on a client navigation's data request, whose CSP is the page's
   * already loaded one: the scripts could not load, so the page does not ask for them.
   */
  allowConversionScripts: (() => void) | null;
};
