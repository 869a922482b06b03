// The hidden CSRF field of the pages' forms that work without JavaScript (docs/decisions/0020).
// The server renders the session's token; the route's loader returns it as `formToken`.
import { useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import type { ShopLoadContext } from '../context.ts';
import { readCsrfCookie } from '../apollo/csrf.ts';

export const FORM_TOKEN_FIELD = '_csrf';

/** For a loader: the session's token (server render) or the cookie's (browser navigation). */
export function formTokenFor(args: { context?: unknown }): string | null {
  if (typeof window === 'undefined') return (args.context as ShopLoadContext | undefined)?.formToken ?? null;
  return readCsrfCookie() ?? null;
}

/** The form token of the page being shown (the deepest route loader that returns `formToken`). */
export function useFormToken(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const loaderData = matches[index].loaderData as { formToken?: string | null } | null | undefined;
    if (loaderData && typeof loaderData === 'object' && 'formToken' in loaderData) return loaderData.formToken ?? '';
  }
  return '';
}

export function FormToken() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={useFormToken()} />;
}

/**
 * False in the server render and the first browser render, true once React runs: what only works
 * without JavaScript (a submit instead of a click handler) is rendered while it is false.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
