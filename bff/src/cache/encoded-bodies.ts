// A cached answer's bytes as hits send them: encoded once per entry, compressed once per encoding
// (a page in gzip once around its nonce: gzip-around-nonce.ts), written in one go.
import type { ServerResponse } from 'node:http';
import type { compressBody, Encoding } from '../http/compression.ts';
import { compressParts, type CompressedParts } from './gzip-around-nonce.ts';
import type { CachedResponse } from './entry.ts';

/**
 * A cached answer's compressed bytes per encoding, made on its first hit that asked for them. They live
 * as long as the entry and are not counted in maxBytes (each is a fifth of the answer or less).
 */
const compressedBodies = new WeakMap<CachedResponse, Map<Encoding, Promise<Buffer>>>();

export function compressedOnce(entry: CachedResponse, body: Buffer, encoding: Encoding, compress: typeof compressBody): Promise<Buffer> {
  let byEncoding = compressedBodies.get(entry);
  if (!byEncoding) compressedBodies.set(entry, (byEncoding = new Map()));
  let compressed = byEncoding.get(encoding);
  if (!compressed) {
    compressed = compress(body, encoding);
    byEncoding.set(encoding, compressed);
  }
  return compressed;
}

/**
 * A cached body as UTF-8 bytes, split where the nonce goes: encoded once per entry, not on every
 * hit (encoding a 50 KiB page per response was a tenth of a hit's cost).
 */
const encodedBodies = new WeakMap<CachedResponse, Buffer[]>();

export function encodedBody(entry: CachedResponse): Buffer[] {
  let parts = encodedBodies.get(entry);
  if (!parts) {
    parts = (entry.nonce ? entry.body.split(entry.nonce) : [entry.body]).map((part) => Buffer.from(part, 'utf8'));
    encodedBodies.set(entry, parts);
  }
  return parts;
}

export function withNonceBetween(parts: Buffer[], nonce: Buffer): Buffer[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part]));
}

/** A page's constant parts compressed for gzip, once per entry, made on its first hit that takes gzip. */
const compressedParts = new WeakMap<CachedResponse, Promise<CompressedParts>>();

export function partsCompressedOnce(entry: CachedResponse, parts: Buffer[], nonceLength: number, counted: () => void): Promise<CompressedParts> {
  let once = compressedParts.get(entry);
  if (!once) {
    counted();
    once = compressParts(parts, nonceLength);
    compressedParts.set(entry, once);
  }
  return once;
}

/** The body's pieces as one write with its Content-Length, without copying them into one buffer first. */
export function writePieces(res: ServerResponse, pieces: Buffer[]) {
  res.setHeader('Content-Length', pieces.reduce((sum, piece) => sum + piece.length, 0));
  res.cork();
  for (let index = 0; index < pieces.length - 1; index++) res.write(pieces[index]);
  res.end(pieces[pieces.length - 1]);
}
