// What the BFF hands to loaders as `context` (bff/src/app.ts builds it).
export type ShopLoadContext = {
  executeGraphQL: (body: { query: string; variables?: unknown; operationName?: string }, language: string) => Promise<unknown>;
  nonce: string;
  publicUrl: string;
};
