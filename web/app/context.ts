// What the BFF hands to loaders and actions as `context` (schema/load-context.ts, built by bff/src/app.ts):
// React Router types every route's `args.context` as it, so no loader casts it.
import type { ShopLoadContext } from '../../schema/load-context.ts';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the augmentation React Router documents
  interface AppLoadContext extends ShopLoadContext {}
}

export type { ShopLoadContext };
