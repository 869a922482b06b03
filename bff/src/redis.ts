// The Redis client, loaded only when a REDIS_URL is configured (bff/src/lazy-module.ts).
import type * as Redis from 'redis';
import { lazyModule } from './lazy-module.ts';

export type RedisClient = ReturnType<typeof Redis.createClient>;

const redis = lazyModule<typeof Redis>('redis');

export function createRedisClient(options: Redis.RedisClientOptions): RedisClient {
  return redis().createClient(options) as RedisClient;
}
