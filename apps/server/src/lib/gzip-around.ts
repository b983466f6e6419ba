import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip answer for text that is the same on every request but for a short piece in the middle
 * (the floor board's `now`, decision 0822): the parts around it are compressed once, and each
 * answer compresses only the piece and writes the trailer. A deflate stream is a series of blocks
 * that may but need not refer back, so independently compressed parts, all but the last ended with
 * a sync flush (not final), make one valid stream; the trailer's CRC-32 is carried over the parts.
 */
export type GzipAround = { start: Buffer; end: Buffer; headCrc: number; head: number; tail: Buffer };

// ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
const OPEN = { finishFlush: constants.Z_SYNC_FLUSH };

export const gzipAround = (head: Buffer, tail: Buffer): GzipAround => ({
  start: Buffer.concat([GZIP_HEADER, deflateRawSync(head, OPEN)]),
  end: deflateRawSync(tail),
  headCrc: crc32(head),
  head: head.length,
  tail,
});

/** A stored block's most bytes (its length is two bytes). */
const MAX_STORED = 0xffff;

/**
 * `middle` as a non-final deflate block (RFC 1951 §3.2.4), ending byte-aligned as a sync flush
 * does: a short piece (the board's `now`, 26 bytes) as a stored block, written by hand; zlib would
 * set up a compressor (a few hundred KB of state) per answer to gain nothing on it. The parts
 * before it end byte-aligned (a sync flush), so a stored block's header starts a byte
 * (decision 0823).
 */
const storedOrDeflated = (middle: Buffer) => {
  if (middle.length > MAX_STORED) return deflateRawSync(middle, OPEN);
  const block = Buffer.alloc(5 + middle.length);
  block[0] = 0; // BFINAL 0, BTYPE 00 (stored), the rest of the byte padding
  block.writeUInt16LE(middle.length, 1);
  block.writeUInt16LE(~middle.length & 0xffff, 3);
  middle.copy(block, 5);
  return block;
};

/** The gzip bytes of head + middle + tail. */
export const gzipWith = (parts: GzipAround, middle: Buffer): Buffer => {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(parts.tail, crc32(middle, parts.headCrc)) >>> 0, 0);
  trailer.writeUInt32LE((parts.head + middle.length + parts.tail.length) % 2 ** 32, 4);
  return Buffer.concat([parts.start, storedOrDeflated(middle), parts.end, trailer]);
};
