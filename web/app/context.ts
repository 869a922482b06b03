// What the BFF hands to loaders as `context` (bff/src/app.ts builds it).
export type ShopLoadContext = {
  // the web sends a persisted document's hash (extensions.persistedQuery), not its text (query)
  executeGraphQL: (
    body: { query?: string; variables?: unknown; operationName?: string; extensions?: Record<string, unknown> },
    language: string,
  ) => Promise<unknown>;
  nonce: string;
  publicUrl: string;
  /** Third-party tags, loaded in the browser only after the matching cookie consent. */
  tracking: { gtmId: string | null; socialPixelId: string | null };
};
