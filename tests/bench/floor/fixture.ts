// The floor app's fixture (issue 28), captured from the running shop in the same bench run: for each
// page, its routes' loader data (the page's `.data` answer, React Router's single fetch) and the
// Apollo cache state the shop embeds in the page (window.__APOLLO_STATE__), from which the floor's
// components get the very data the shop's got.
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';

export type FloorPage = {
  /** The page's path, e.g. /kategorie/dresy. */
  path: string;
  /** Each matched route's loader data by route id (root, category-cs ...). */
  loaderData: Record<string, unknown>;
  /** The shop's Apollo cache state as its page embeds it. */
  apolloState: Record<string, unknown>;
};

export type FloorFixture = { pages: FloorPage[] };

/** The script with the state, as entry.server.tsx writes it before </body>. */
export const STATE = /<script[^>]*>window\.__APOLLO_STATE__=(.*?)<\/script>/s;

/** The cache state a shop page embeds (its JSON escapes `<`, so no `</script>` is inside it). */
export function apolloStateOf(html: string): Record<string, unknown> {
  const match = STATE.exec(html);
  if (!match) throw new Error('The page embeds no Apollo state.');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** Loader data by route id from the page's `.data` answer ({ root: { data }, 'category-cs': { data } }). */
async function loaderDataOf(url: string): Promise<Record<string, unknown>> {
  const response = await fetchOk(url);
  const decoded = await decodeViaTurboStream(response.body!, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: unknown; error?: unknown }>;
  const loaderData: Record<string, unknown> = {};
  for (const [routeId, result] of Object.entries(routes)) {
    if (!('data' in result)) throw new Error(`${url}: the route ${routeId} answered no data (${JSON.stringify(result)})`);
    loaderData[routeId] = result.data;
  }
  return loaderData;
}

/** The pages as the shop answers them now (an anonymous visitor's request, no cookies). */
export async function captureFloorFixture(shopUrl: string, paths: string[]): Promise<FloorFixture> {
  const pages: FloorPage[] = [];
  for (const path of paths) {
    const html = await (await fetchOk(shopUrl + path)).text();
    pages.push({ path, loaderData: await loaderDataOf(`${shopUrl}${path}.data`), apolloState: apolloStateOf(html) });
  }
  return { pages };
}
