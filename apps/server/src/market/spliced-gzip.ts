import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Text deflated on its own, ending on a byte boundary without a final block (a sync flush), so that it can
 * be spliced into any gzip answer that contains it: deflate blocks need nothing of the blocks before them
 * but the window, which a piece compressed alone never refers to. Deflated once, when first asked.
 */
export class Piece {
  private bytes: Buffer | undefined;

  constructor(readonly text: string) {}

  get deflated(): Buffer {
    this.bytes ??= deflateRawSync(this.text, { finishFlush: constants.Z_SYNC_FLUSH });
    return this.bytes;
  }
}

/** gzip's member header: deflate, no name, no time, unknown system (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** One gzip member of `pieces` (each compressed once, elsewhere) followed by `last`, compressed now. */
export function splicedGzip(pieces: Piece[], last: string): Buffer {
  let crc = 0;
  let length = 0;
  const parts: Buffer[] = [HEADER];
  for (const piece of pieces) {
    crc = crc32(piece.text, crc);
    length += Buffer.byteLength(piece.text);
    parts.push(piece.deflated);
  }
  crc = crc32(last, crc);
  length += Buffer.byteLength(last);
  parts.push(deflateRawSync(last));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
