// The Redis client, loaded only when a REDIS_URL is configured (bff/src/lazy-module.ts).
import type * as Redis from 'redis';
import { lazyModule } from './lazy-module.ts';

export type RedisClient = ReturnType<typeof Redis.createClient>;

const redis = lazyModule<typeof Redis>('redis');

export function createRedisClient(options: Redis.RedisClientOptions): RedisClient {
  return redis().createClient(options) as RedisClient;
}

/**
 * Closes a client at shutdown: gracefully while it is connected (what it sent is answered first), at once
 * otherwise (a QUIT would wait for a reconnection that may never come, and shutdown with it).
 */
export async function closeRedisClient(client: RedisClient | null | undefined): Promise<void> {
  if (!client) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else if (client.isOpen) client.destroy();
}
