// Packages the shop needs only for some requests (PDF, QR codes) or some configurations (Redis),
// loaded on first use instead of at start: together they took about half a second of every start.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function that loads the CommonJS package `name` on its first call (Node caches it after). */
export function lazyModule<T>(name: string): () => T {
  return () => require(name) as T;
}
