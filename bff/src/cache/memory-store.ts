// This instance's cached answers: least recently used go first beyond a number of entries or of
// bytes (query strings are free to vary), with an index from each tag to the answers carrying it, so
// a purge touches exactly those (and the answers that recorded no tag, which depend on everything).
import type { CacheTag, Purge } from '../events/tags.ts';
import type { CachedResponse } from './entry.ts';

/** The index's name for the answers that recorded no tag (no CacheTag contains a space). */
const UNTAGGED = 'untagged everything';

export class MemoryStore {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  private static size(key: string, entry: CachedResponse): number {
    return (key.length + entry.body.length) * 2;
  }

  private static indexNames(entry: CachedResponse): readonly string[] {
    return entry.tags.length ? entry.tags : [UNTAGGED];
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= MemoryStore.size(key, entry);
    for (const name of MemoryStore.indexNames(entry)) {
      const keys = this.keysByTag.get(name);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(name);
    }
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse) {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += MemoryStore.size(key, entry);
    for (const name of MemoryStore.indexNames(entry)) {
      let keys = this.keysByTag.get(name);
      if (!keys) this.keysByTag.set(name, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  /**
   * The answers carrying one of `tags`, and those that recorded none, are marked purged: served stale
   * while one render refreshes them. One that read the visitor (stored from a request without cookies)
   * goes at once: what it showed is nobody's to see stale. Returns how many were touched.
   */
  purgeTags(tags: readonly CacheTag[]): number {
    const keys = new Set<string>();
    for (const name of [...tags, UNTAGGED]) for (const key of this.keysByTag.get(name) ?? []) keys.add(key);
    for (const key of keys) {
      const entry = this.entries.get(key)!;
      if (entry.anyVisitor) entry.purged = true;
      else this.remove(key);
    }
    return keys.size;
  }

  clear() {
    this.entries.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }
}

/** Whether an answer built from `tags` (none: from everything) is touched by `purge`. */
export function touches(purge: Purge, tags: readonly CacheTag[]): boolean {
  return 'all' in purge || tags.length === 0 || purge.tags.some((tag) => tags.includes(tag));
}
