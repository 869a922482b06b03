// The answers shared by the instances through Redis (REDIS_URL), each signed (HMAC-SHA256 over its
// key and content, with a key derived from the session secret): one that fails is neither served nor
// kept. Whoever can write to Redis cannot make the shop serve a page with a script under a valid nonce.
//
// What makes a shared answer invalid, checked in the lookup's one round trip (a Lua script):
// - the shared generation moved since it was stored: a change the app did not describe ({all: true}),
//   which invalidates every answer at once. It has two parts: `<prefix>generation`, moved once per change
//   by the instance that made it (a move owed while Redis was away is made when it is back), and
//   `<prefix>counter`, raised to the coarse counter's value by every instance that hears the counter move
//   (a write from psql): all of them raise it to the same value, so an answer shared between two of
//   their moves is not thrown away by the later one;
// - one of its tags was purged after its render began. A tag purge increments one counter
//   (`<prefix>purges`) and sets each purged tag's key (`<prefix>tag:<tag>`) to the new value, in one
//   script; an answer records the counter as its render's lookup read it (`purgeSeq`), and is invalid
//   when one of its tags holds a higher value. An answer that recorded no tag depends on everything:
//   invalid once the counter itself moved past it.
// The answer's tags are stored beside it (`<prefix>tags:<key>`, so the script can read their keys)
// and inside the signed content; the two must agree.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeRedisClient, createRedisClient, type RedisClient } from '../redis.ts';
import type { CacheTag, Purge } from '../events/tags.ts';
import { STORED_HEADERS, type CachedResponse } from './entry.ts';

export type SharedLookup = { entry: CachedResponse | null; sharedGeneration: string; purgeSeq: string };

export type SharedStore = {
  readonly isReady: boolean;
  /** The entry stored under `key` if it is still valid, with the shared counters a render begun now records; null when Redis does not answer. */
  lookup: (key: string) => Promise<SharedLookup | null>;
  store: (key: string, entry: CachedResponse, ttlMs: number) => void;
  /** Makes the shared entries `purge` touches invalid (once per change: by the instance that made it); a purge of all made while Redis is away is made when it is back. */
  purge: (purge: Purge, ttlMs: number) => Promise<void>;
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

// KEYS: generation, purges, the entry, its tags, counter; ARGV[1]: the tag keys' prefix. Reads the tags' keys
// it finds in the entry's tag list (keys not passed in KEYS: this store runs on one Redis, not a cluster).
const LOOKUP = `
local result = { (redis.call('GET', KEYS[1]) or '0') .. ':' .. (redis.call('GET', KEYS[5]) or '0'), redis.call('GET', KEYS[2]) or '0', redis.call('GET', KEYS[3]) or false, redis.call('GET', KEYS[4]) or '' }
for tag in string.gmatch(result[4], '%S+') do table.insert(result, redis.call('GET', ARGV[1] .. tag) or '0') end
return result`;

// KEYS: the counter's key; ARGV[1]: the counter's value heard. Raises it, never lowers it.
const RAISE = `
local now = tonumber(redis.call('GET', KEYS[1]) or '0')
if now < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

// KEYS: purges, then each purged tag's key; ARGV[1]: how long a tag's key must outlive the entries stored before it
const PURGE = `
local seq = redis.call('INCR', KEYS[1])
for i = 2, #KEYS do redis.call('SET', KEYS[i], seq, 'PX', ARGV[1]) end
return seq`;

export function createSharedStore(options: { redisUrl: string; signingKey: string; prefix: string }): SharedStore {
  const { prefix, signingKey } = options;
  if (!signingKey) throw new Error('A response cache shared through Redis needs a signing key.');
  const redis: RedisClient = createRedisClient({ url: options.redisUrl, disableOfflineQueue: true });
  redis.on('error', () => undefined);
  const connecting = redis.connect().catch(() => undefined);
  const generationKey = `${prefix}generation`;
  const counterKey = `${prefix}counter`;
  const purgesKey = `${prefix}purges`;
  const tagPrefix = `${prefix}tag:`;
  const tagsKeyOf = (key: string) => `${prefix}tags:${key}`;
  let generationMoveOwed = false;
  const moveGeneration = async () => {
    if (!redis.isReady) return void (generationMoveOwed = true);
    await redis.incr(generationKey).catch(() => (generationMoveOwed = true));
  };
  redis.on('ready', () => {
    if (!generationMoveOwed) return;
    generationMoveOwed = false;
    void moveGeneration();
  });

  return {
    get isReady() {
      return redis.isReady;
    },
    async lookup(key) {
      if (!redis.isReady) return null;
      const reply = await redis.eval(LOOKUP, { keys: [generationKey, purgesKey, prefix + key, tagsKeyOf(key), counterKey], arguments: [tagPrefix] }).catch(() => null);
      if (!Array.isArray(reply) || !reply.every((value) => value === null || typeof value === 'string')) return null;
      const [sharedGeneration, purgeSeq, raw, tagList, ...tagSeqs] = reply as (string | null)[];
      const found = { sharedGeneration: sharedGeneration ?? '0', purgeSeq: purgeSeq ?? '0' };
      if (!raw) return { entry: null, ...found };
      const content = verifiedContent(signingKey, prefix + key, raw);
      // not signed by this shop for this key: dropped, and the answer is rendered again
      if (content === null) void redis.del(prefix + key).catch(() => undefined);
      const entry = content === null ? null : parseSharedEntry(content);
      if (!entry || entry.sharedGeneration !== found.sharedGeneration || entry.tags.join(' ') !== (tagList ?? '')) return { entry: null, ...found };
      const since = BigInt(entry.purgeSeq ?? '0');
      const purgedSince = entry.tags.length === 0 ? BigInt(found.purgeSeq) > since : tagSeqs.some((seq) => BigInt(seq ?? '0') > since);
      return { entry: purgedSince ? null : entry, ...found };
    },
    store(key, entry, ttlMs) {
      if (!redis.isReady || entry.sharedGeneration == null || entry.purgeSeq == null) return;
      const { purged: _memoryOnly, ...shared } = entry;
      void redis
        .multi()
        .set(prefix + key, signed(signingKey, prefix + key, JSON.stringify(shared)), { PX: ttlMs })
        .set(tagsKeyOf(key), entry.tags.join(' '), { PX: ttlMs })
        .exec()
        .catch(() => undefined);
    },
    async purge(purge, ttlMs) {
      if ('all' in purge) {
        // Redis away: a move of the generation is owed, which invalidates as much
        if (purge.counter === undefined || !redis.isReady) return moveGeneration();
        await redis.eval(RAISE, { keys: [counterKey], arguments: [String(purge.counter)] }).catch(() => moveGeneration());
        return;
      }
      if (!redis.isReady) return;
      if (purge.tags.length) await redis.eval(PURGE, { keys: [purgesKey, ...purge.tags.map((tag) => tagPrefix + tag)], arguments: [String(ttlMs)] });
    },
    ready: async () => void (await connecting),
    close: () => closeRedisClient(redis),
  };
}

/** An entry for Redis: the signature of its key and content, a dot, the content. */
function signed(signingKey: string, key: string, content: string): string {
  return `${signatureOf(signingKey, key, content)}.${content}`;
}

/** The content of an entry read from Redis, or null when its signature is not this shop's for this key. */
function verifiedContent(signingKey: string, key: string, raw: string): string | null {
  const dot = raw.indexOf('.');
  if (dot === -1) return null;
  const content = raw.slice(dot + 1);
  const given = Buffer.from(raw.slice(0, dot));
  const expected = Buffer.from(signatureOf(signingKey, key, content));
  return given.length === expected.length && timingSafeEqual(given, expected) ? content : null;
}

function signatureOf(signingKey: string, key: string, content: string): string {
  // the key's length first: no other key and content make the same text
  return createHmac('sha256', signingKey).update(`${key.length}:${key}\n${content}`).digest('base64url');
}

/** A header value Node sends as it is: no line breaks or other control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const TAG = /^[a-z]+(?::[\w-]+)?$/;

/**
 * An answer another instance stored in Redis (its signature checked), or null when it does not have
 * the shape this code stores (an entry written by another version of the shop is ignored rather than sent).
 */
function parseSharedEntry(raw: string): CachedResponse | null {
  let entry: Partial<CachedResponse>;
  try {
    entry = JSON.parse(raw) as Partial<CachedResponse>;
  } catch {
    return null;
  }
  const headers = entry?.headers;
  const wellFormed =
    entry?.status === 200 &&
    typeof entry.body === 'string' &&
    typeof entry.nonce === 'string' &&
    typeof entry.storedAt === 'number' &&
    typeof entry.anyVisitor === 'boolean' &&
    typeof entry.purgeSeq === 'string' &&
    (entry.expiresAt === undefined || typeof entry.expiresAt === 'number') &&
    Array.isArray(entry.tags) &&
    entry.tags.every((tag: unknown) => typeof tag === 'string' && TAG.test(tag)) &&
    typeof headers === 'object' &&
    headers !== null &&
    Object.entries(headers).every(([name, value]) => STORED_HEADERS.includes(name) && typeof value === 'string' && HEADER_VALUE.test(value));
  return wellFormed ? ({ ...entry, tags: entry.tags as CacheTag[] } as CachedResponse) : null;
}
