// Is the floor app's page the shop's page? The figure against the floor means something only when
// both render the same content: the same title and heading, the same prices in the same order and
// the same product cards (an empty page would be a much lower floor).
import { isDeepStrictEqual } from 'node:util';
import { apolloStateOf, STATE } from './fixture.ts';

export type PageFacts = { title: string; heading: string; prices: string[]; cards: string[] };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };

function text(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]).trim();
}

function all(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => text(match[1]));
}

/** What a catalog page shows, read from its HTML. */
export function pageFacts(html: string): PageFacts {
  return {
    title: text(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    heading: text(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? ''),
    prices: all(html, /<span class="price[^"]*">([^<]*)</g),
    cards: all(html, /class="product-card__name"[^>]*>(?:<a[^>]*>)?([^<]*)</g),
  };
}

/** The document with its nonce (a new one for every response) and its embedded Apollo state left out. */
function withoutNonceAndState(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return (nonce ? html.replaceAll(nonce, '') : html).replace(STATE, '');
}

/**
 * Throws when the floor's page differs from the shop's in what it shows, or shows no heading or
 * price. `identical`: the whole document is the shop's apart from the nonce, and the Apollo state it
 * embeds holds the same data (its fields' order follows which of the page's queries answered first).
 */
export function assertSamePage(name: string, shopHtml: string, floorHtml: string): PageFacts & { identical: boolean } {
  const shop = pageFacts(shopHtml);
  const floor = pageFacts(floorHtml);
  if (JSON.stringify(shop) !== JSON.stringify(floor)) {
    throw new Error(`The floor app's ${name} page is not the shop's:\nshop  ${JSON.stringify(shop)}\nfloor ${JSON.stringify(floor)}`);
  }
  if (!shop.heading || shop.prices.length === 0) throw new Error(`The ${name} page shows no heading or no price: ${JSON.stringify(shop)}`);
  const identical = withoutNonceAndState(shopHtml) === withoutNonceAndState(floorHtml) && isDeepStrictEqual(apolloStateOf(shopHtml), apolloStateOf(floorHtml));
  return { ...shop, identical };
}
