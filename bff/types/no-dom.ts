// The server has no DOM: bff/tsconfig.json checks bff/, schema/, prisma/ and scripts/ without the DOM
// library. These lines keep it so: each one expects an error, and `npm run typecheck` fails on an
// unused expectation as soon as a package's types bring the DOM back in (as those of
// @whatwg-node/fetch would, see whatwg-node-fetch.d.ts beside this file). Type names alone prove
// little: @types/react, which the SSR handler's types load, declares empty HTMLElement & co.

// @ts-expect-error: document is a browser global
export const noDocument: unknown = document;
// @ts-expect-error: window is a browser global
export const noWindow: unknown = window;
// @ts-expect-error: localStorage is a browser global
export const noStorage: unknown = localStorage;
// @ts-expect-error: HTMLElement is a browser class (React's types declare only an empty interface)
export const noElementClass: unknown = HTMLElement;
