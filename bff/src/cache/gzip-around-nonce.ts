// A cached page is the same bytes for every response but its CSP nonce, so compressing it anew on each
// hit cost several times what the rest of the hit costs. A gzip stream may be built from pieces: each
// constant part of the page is compressed once per entry (raw deflate ended by a full flush, so that it
// ends on a byte boundary), each response's nonce goes between the parts as a stored (uncompressed)
// deflate block, and only the trailer (CRC-32 and length) is computed per response. RFC 1951 §3.2.4
// (stored blocks) and RFC 1952 §2.3 (the member's header and trailer).
//
// A page has a nonce on each of its ~20 inline scripts. So that a part may still refer to the text
// before it (the decoder keeps the last 32 KiB it wrote, nonces included), it is compressed with that
// text as its dictionary, the nonces in it as NUL bytes of the nonce's length: a match can never
// cover them, since the page itself has no NUL byte (a page with one gets no dictionaries).
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** What deflate may refer back to. */
const WINDOW = 32 * 1024;

/**
 * The constant parts compressed once, for nonces of one length: each part but the last ends with a full
 * flush, the last ends the stream.
 */
export type CompressedParts = { compressed: Buffer[]; plain: Buffer[]; nonceLength: number };

export async function compressParts(plain: Buffer[], nonceLength: number): Promise<CompressedParts> {
  const placeholder = Buffer.alloc(nonceLength);
  const dictionaries = plain.some((part) => part.includes(0)) ? null : plain;
  const compressed = await Promise.all(
    plain.map((part, index) => {
      const before = dictionaries && index > 0 ? Buffer.concat(dictionaries.slice(0, index).flatMap((text) => [text, placeholder])) : null;
      return deflateRaw(part, {
        level: 9,
        finishFlush: index === plain.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH,
        ...(before ? { dictionary: before.subarray(Math.max(0, before.length - WINDOW)) } : {}),
      });
    }),
  );
  return { compressed, plain, nonceLength };
}

/** A stored deflate block that is not the last: the header bits on a byte of their own, LEN, NLEN, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError('A stored block holds at most 65535 bytes.');
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip member of the parts with `nonce` between each two of them, as pieces to write one after the other. */
export function gzipAroundNonce({ compressed, plain, nonceLength }: CompressedParts, nonce: Buffer): Buffer[] {
  // the parts refer back across the nonce by distances made for this length
  if (nonce.length !== nonceLength) throw new RangeError(`The parts were compressed for a nonce of ${nonceLength} bytes, not ${nonce.length}.`);
  const nonceBlock = storedBlock(nonce);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  plain.forEach((part, index) => {
    if (index > 0) {
      pieces.push(nonceBlock);
      crc = zlib.crc32(nonce, crc);
      length += nonce.length;
    }
    pieces.push(compressed[index]);
    // an empty part is skipped: once zlib has compressed it, Node's crc32 answers 0 for it, whatever the value it continues
    if (part.length > 0) crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return pieces;
}
