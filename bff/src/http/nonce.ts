// The CSP nonce of a response: 16 random bytes from the operating system's CSPRNG, base64. They are
// taken from a pool refilled 4 KiB at a time (as crypto.randomUUID does), each byte used once: a
// randomBytes call per response was about 4 % of the CPU of an answer from the response cache.
import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;
const pool = Buffer.alloc(4096);
let offset = pool.length;

export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
