// Loaders fill the Apollo cache; components then read it with usePageQuery and never fetch twice.
// On the server the request's own client is used; in the browser the page's single client.
import type { ApolloClient } from '@apollo/client';
import { data } from 'react-router';
import { getBrowserClient, getServerClient } from './client.ts';
import { languageOfRequest } from '../language.ts';
import type { ShopLoadContext } from '../context.ts';

export function apolloFor(args: { request: Request; context?: unknown }): ApolloClient {
  const language = languageOfRequest(args.request);
  return typeof window === 'undefined'
    ? getServerClient(args.context as ShopLoadContext, language)
    : getBrowserClient(language);
}

/** What was not found, when the page knows: the 404 page's heading names it (spec section 8, 'category not found'). */
export type NotFoundSubject = 'category' | 'product';

/** Thrown by loaders: the root error boundary shows the 404 page with the path (and what was not found). */
export function notFound(request: Request, subject?: NotFoundSubject) {
  return data({ path: new URL(request.url).pathname, subject: subject ?? null }, { status: 404 });
}
