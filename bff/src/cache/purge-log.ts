// The purges this instance heard lately, numbered: a render that began before a purge touching what
// it read must not be stored when it ends (it may show the data from before the change).
import type { CacheTag, Purge } from '../events/tags.ts';
import { touches } from './memory-store.ts';

/** Purges kept; a render older than the oldest kept is never stored. */
const KEPT = 512;

export class PurgeLog {
  private purges: { seq: number; purge: Purge }[] = [];
  private last = 0;

  /** The number of the latest purge (a render records it when it begins). */
  get seq(): number {
    return this.last;
  }

  record(purge: Purge) {
    this.last += 1;
    this.purges.push({ seq: this.last, purge });
    if (this.purges.length > KEPT) this.purges = this.purges.slice(-KEPT);
  }

  /** Whether a purge after `seq` touched an answer built from `tags` (none: from everything). */
  touchedSince(seq: number, tags: readonly CacheTag[]): boolean {
    if (seq === this.last) return false;
    if (this.purges.length === 0 || this.purges[0].seq > seq + 1) return true;
    return this.purges.some((logged) => logged.seq > seq && touches(logged.purge, tags));
  }
}
