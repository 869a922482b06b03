// What a cached answer was built from, and what a change touches: the vocabulary the event seam
// (bff/src/events/) and the response cache (bff/src/cache/) share (issue 41). An answer records the
// tags of what it read; a change purges exactly the answers that carry one of its tags, on every
// instance. An answer that recorded no tag is purged by every change (nothing is left stale by a
// resolver that forgot to say what it read).
//
//   product:<id>   the product's own page and answers that show its details (stock counts, variants)
//   listed:<id>    answers that list the product (category pages, search, home, similar products):
//                  its name, picture, price and whether it is in stock, not its exact stock count
//   list:<id>      a category's listing membership and order (a product added, removed, moved)
//   category:<id>  a category's own data (name, description, its place in the menu)
//   categories     the category tree (menu, breadcrumbs)
//   content:<id>   an info page, article or tile; `content` the lists of them
//   delivery       delivery and payment methods, their prices
//   stores         the stores and their opening hours
//   search         every search answer (a product added, renamed or hidden)
//   event:<id>     a match's page (its seats are never stored: SeatsChanged touches no tag)
export type CacheTag =
  | `product:${string}`
  | `listed:${string}`
  | `list:${string}`
  | `category:${string}`
  | 'categories'
  | `content:${string}`
  | 'content'
  | 'delivery'
  | 'stores'
  | 'search'
  | `event:${string}`;

/**
 * What the response cache is told after a change has committed: the tags to purge, or `all` (a write
 * the app did not describe: psql, an old script; the coarse fallback). `origin` says where the change
 * was made: `here` (this instance made it, and moves the shared state in Redis once) or `elsewhere`
 * (another instance or process; only this instance's memory is purged). `counter`: the coarse counter's
 * value that an `all` comes from, the same on every instance that heard it, so that all of them moving
 * the shared state for it move it once (shared-store.ts).
 */
export type Purge = { tags: readonly CacheTag[] } | { all: true; counter?: number };
export type PurgeListener = (purge: Purge, origin: 'here' | 'elsewhere') => void;
