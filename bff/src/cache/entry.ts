// One cached answer, as memory holds it and Redis stores it (signed: shared-store.ts).
import type { CacheTag } from '../events/tags.ts';

export type CachedResponse = {
  status: number;
  headers: Record<string, string>;
  /**
   * The body as rendered, with its render's `nonce`, which a hit replaces by its own. That nonce is
   * where the nonce goes: no input can contain it, since it was made after the request came (a fixed
   * placeholder could be typed into a parameter the page reflects, and got each hit's nonce).
   */
  body: string;
  /** The render's nonce ('' when it had none). */
  nonce: string;
  storedAt: number;
  /** The instance's generation when it was rendered (memory). */
  generation: number;
  /** The shared generation in Redis when it was rendered; null without Redis. */
  sharedGeneration?: string | null;
  /**
   * The shared purge counter in Redis when its render began (shared-store.ts); null without Redis. A
   * tag purged after it (its counter value above this) makes the entry invalid in Redis.
   */
  purgeSeq?: string | null;
  /** Made without reading who was asking: may be served to a request with a session. */
  anyVisitor: boolean;
  /** What it was built from (events/tags.ts); none: it depends on everything, and any purge touches it. */
  tags: CacheTag[];
  /**
   * The machine's moment (ms) after which it is false with no event to say so (a delivery date promise
   * past the dispatch cut-off, decision 0069): never served after it, not even stale. None: only events
   * and its age end it.
   */
  expiresAt?: number;
  /** Memory only: a purge touched it; served stale while one render refreshes it. */
  purged?: boolean;
};

/** Response headers kept with a cached answer (the rest are per response: CSP, request id, CORS). */
export const STORED_HEADERS = ['content-type', 'content-language', 'link', 'vary'];

/**
 * The response cache's counters: answers served from it / rendered for it, cached bodies compressed on
 * their way out (tests, the bench and /metrics read them; here so that a reader needs not import the
 * cache's purge: .dependency-cruiser.mjs).
 */
export type ResponseCacheStats = { hits: number; misses: number; stale: number; stored: number; bypassed: number; compressed: number; purged: number };
