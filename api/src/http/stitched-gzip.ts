import zlib from 'node:zlib';

/**
 * A page that is the same for every visitor but for one short token written in several places (a
 * shared guest page and its per-response CSP nonce), compressed once and sent gzip-encoded to each
 * visitor with their own token, without compressing the page again.
 *
 * How: the page is cut at each token, and each fixed part is deflated once on its own, ending on a
 * byte boundary (a sync flush), with the page before it as the compressor's dictionary — the page as
 * it will be sent, but with every token replaced by bytes the page never contains elsewhere. A
 * back-reference copies bytes that equal the ones about to come, which never hold those bytes, so no
 * part refers into a token's place, and the parts stay valid whatever token stands there. Per
 * response only the token is deflated (a few dozen bytes), the parts and the token's block are
 * joined into one deflate stream, and the gzip header and trailer (CRC-32 and length of the page
 * with that token) go around it: an ordinary single-member gzip body that every client reads.
 * The parts compress about as well as the whole page (each sees up to 32 KiB before it).
 */

/** Where a token's bytes stand while the parts are compressed: a byte no page here contains. */
const HOLE_BYTE = 0x01;
/** deflate's window: a back-reference reaches at most this far. */
const WINDOW_BYTES = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

export interface StitchedGzip {
  /** The page's fixed parts (the token goes between each two), as sent uncompressed. */
  readonly parts: readonly Buffer[];
  /** Each part deflated, ending on a byte boundary; the last one ends the stream. */
  readonly deflated: readonly Buffer[];
  /** The byte length of the token every response must use. */
  readonly tokenBytes: number;
  /** The uncompressed length without the tokens. */
  readonly fixedBytes: number;
}

/**
 * The page `text` cut at every `token`, its parts compressed for `stitchedBody`; null when the page
 * holds the byte that marks a token's place (it is then compressed per response as usual).
 */
export function stitchable(text: string, token: string, level = 9): StitchedGzip | null {
  const parts = text.split(token).map((part) => Buffer.from(part, 'utf8'));
  if (parts.some((part) => part.includes(HOLE_BYTE))) return null;
  const tokenBytes = Buffer.byteLength(token, 'utf8');
  const hole = Buffer.alloc(tokenBytes, HOLE_BYTE);
  const deflated: Buffer[] = [];
  let before: Buffer = Buffer.alloc(0);
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    deflated.push(
      zlib.deflateRawSync(part, {
        level,
        ...(before.length ? { dictionary: before } : {}),
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      }),
    );
    if (!last) before = tail(Buffer.concat([before, part, hole]));
  });
  const fixedBytes = parts.reduce((n, part) => n + part.length, 0);
  return { parts, deflated, tokenBytes, fixedBytes };
}

function tail(bytes: Buffer): Buffer {
  return bytes.length > WINDOW_BYTES ? bytes.subarray(bytes.length - WINDOW_BYTES) : bytes;
}

/** The page with `token` in every place, uncompressed. */
export function stitchedText(page: StitchedGzip, token: string): Buffer {
  return Buffer.concat(interleave(page.parts, Buffer.from(token, 'utf8')));
}

/** The page with `token` in every place, as a gzip body. */
export function stitchedBody(page: StitchedGzip, token: string): Buffer {
  const tokenBuffer = Buffer.from(token, 'utf8');
  if (tokenBuffer.length !== page.tokenBytes)
    throw new Error('The token has another length than the page was cut for');
  const tokenBlock = zlib.deflateRawSync(tokenBuffer, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  let crc = 0;
  page.parts.forEach((part, i) => {
    // Node 20's crc32 answers 0 for an empty buffer cut from its pool, whatever the value given.
    if (part.length > 0) crc = zlib.crc32(part, crc);
    if (i < page.parts.length - 1) crc = zlib.crc32(tokenBuffer, crc);
  });
  const length = page.fixedBytes + tokenBuffer.length * (page.parts.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...interleave(page.deflated, tokenBlock), trailer]);
}

function interleave(parts: readonly Buffer[], between: Buffer): Buffer[] {
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(between);
    out.push(part);
  });
  return out;
}
