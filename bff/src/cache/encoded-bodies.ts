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

/**
 * A page's plain body with a response's own nonce, as one buffer ready for the socket: the page's bytes
 * are laid out once per entry with a slot wherever the render's nonce stood, and a response takes a copy
 * of them (from a small pool of copies that went out before) and writes its nonce into the slots. A page
 * carries some twenty nonces (every script and preload link), and writing it as forty pieces cost a hit
 * more than its log line did; one buffer with the nonce written in is what a bare server sends.
 *
 * A copy returns to the pool only once its response has finished (every byte handed to the socket:
 * `end`'s callback), so no copy is ever changed while a response still sends it; a response that did
 * not finish (the client left) keeps its copy, which the garbage collector takes. The pools of all
 * entries hold at most POOLED_BYTES; beyond that a copy is made and dropped per response.
 */
type PageLayout = { bytes: Buffer; slots: number[]; nonceLength: number; free: Buffer[] };
const layouts = new WeakMap<CachedResponse, PageLayout | null>();
const POOLED_BYTES = 16 * 2 ** 20;
const POOLED_PER_PAGE = 16;
let pooledBytes = 0;
// an entry dropped from the cache gives its pool's bytes back to the budget once it is collected
const pools = new FinalizationRegistry<Buffer[]>((free) => {
  for (const copy of free) pooledBytes -= copy.length;
  free.length = 0;
});

function layoutOf(entry: CachedResponse): PageLayout | null {
  let layout = layouts.get(entry);
  if (layout === undefined) {
    layout = null;
    if (entry.nonce) {
      const bytes = Buffer.from(entry.body, 'utf8');
      const nonce = Buffer.from(entry.nonce, 'utf8');
      const slots: number[] = [];
      for (let at = bytes.indexOf(nonce); at !== -1; at = bytes.indexOf(nonce, at + nonce.length)) slots.push(at);
      layout = { bytes, slots, nonceLength: nonce.length, free: [] };
      pools.register(entry, layout.free);
    }
    layouts.set(entry, layout);
  }
  return layout;
}

/**
 * Sends a cached page's plain body with `nonce` in its slots, as one buffer; false (nothing sent) when
 * the page has no nonce slots laid out or the nonce is not of the render's length (its pieces then).
 */
export function writeWithNonce(res: ServerResponse, status: number, headers: string[], entry: CachedResponse, nonce: string): boolean {
  const layout = layoutOf(entry);
  if (layout === null || layout.slots.length === 0 || Buffer.byteLength(nonce) !== layout.nonceLength) return false;
  const pooled = layout.free.pop();
  if (pooled) pooledBytes -= pooled.length;
  const body = pooled ?? Buffer.from(layout.bytes);
  for (const slot of layout.slots) body.write(nonce, slot, 'utf8');
  headers.push('Content-Length', String(body.length));
  res.writeHead(status, headers);
  res.end(body, () => {
    if (layout.free.length >= POOLED_PER_PAGE || pooledBytes + body.length > POOLED_BYTES) return;
    pooledBytes += body.length;
    layout.free.push(body);
  });
  return true;
}

/** A cached answer's headers as one flat list of names and values, made once per entry. */
const headerLists = new WeakMap<CachedResponse, readonly string[]>();

export function headersOf(entry: CachedResponse): readonly string[] {
  let list = headerLists.get(entry);
  if (!list) {
    list = Object.entries(entry.headers).flat();
    headerLists.set(entry, list);
  }
  return list;
}

/**
 * The answer's head and body: `headers` (a flat list of names and values, this response's own: its
 * Content-Length is added to it) in one `writeHead`, Node's fast path when nothing was set on the
 * response before; then the body's pieces as one write, without copying them into one buffer first.
 */
export function writePieces(res: ServerResponse, status: number, headers: string[], pieces: Buffer[]) {
  headers.push('Content-Length', String(pieces.reduce((sum, piece) => sum + piece.length, 0)));
  res.writeHead(status, headers);
  res.cork();
  for (let index = 0; index < pieces.length - 1; index++) res.write(pieces[index]);
  res.end(pieces[pieces.length - 1]);
}
