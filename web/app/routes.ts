// Every screen in both languages, generated from the one table in schema/routes.ts.
import { type RouteConfig, route } from '@react-router/dev/routes';
import { ROUTES } from '../../schema/routes.ts';

export default [
  ...Object.entries(ROUTES).flatMap(([name, def]) => [
    route(def.cs, def.file, { id: `${name}-cs` }),
    route(def.en, def.file, { id: `${name}-en` }),
  ]),
  // The fast-delivery tile links /stores/5282 (spec section 2); English pages live under /en.
  route('/stores/:id', 'routes/store-redirect.tsx', { id: 'store-redirect' }),
  // The return protocol's English page was /en/returns before it took the issue's /en/complaint.
  route('/en/returns', 'routes/returns-redirect.tsx', { id: 'returns-redirect' }),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
