import type { Dataset } from '../data/model.js';

/**
 * What the byte encoders of a selection (CSV: encode.ts, columnar JSON:
 * encode-json.ts) share: the size of their pieces, the packed texts of a
 * dataset's codes, and the one scratch buffer a whole answer is written into.
 */

/** Pieces of about this many characters (bytes, for the CSV): large enough to write efficiently, small enough to stream. */
export const CHUNK = 65536;

/**
 * The texts of a dataset's codes as bytes, made once per dataset (issue 24,
 * round 3): the text of level `l` of the `j`-th dimension in dim_order is
 * `bytes` from `starts[j][l]` to `starts[j][l + 1]`. Packed in one array, so
 * that a dataset sent to the image workers (by structured clone, with its
 * derived values) carries a few small arrays, not one buffer per code.
 */
export interface CodeTexts {
  bytes: Uint8Array;
  starts: Uint32Array[];
  /** per dimension in dim_order: code → level index (the dimension's own map) */
  index: Map<string, number>[];
}

/** The texts `text` gives to the codes of `dataset`, packed. */
export function packCodeTexts(dataset: Dataset, text: (code: string) => string): CodeTexts {
  // the dimensions are in dim_order (parse-meta)
  const dims = dataset.meta.dimensions;
  const pieces = dims.map((d) => d.levels.map((l) => Buffer.from(text(l.code), 'utf8')));
  const bytes = new Uint8Array(pieces.flat().reduce((n, b) => n + b.length, 0));
  let at = 0;
  const starts = pieces.map((levels) => {
    const out = new Uint32Array(levels.length + 1);
    levels.forEach((b, l) => {
      out[l] = at;
      bytes.set(b, at);
      at += b.length;
    });
    out[levels.length] = at;
    return out;
  });
  return { bytes, starts, index: dims.map((d) => d.index) };
}

/** A text as bytes in an array of its own (not a slice of Node's shared pool, which a structured clone would copy whole). */
export const ownBytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

/** Where an encoder writes before copying out exactly the bytes written: one buffer per process, grown once to SCRATCH_MAX when an answer needs more (issue 16, the cold path: no buffer sized for the worst case per answer). */
let scratch = Buffer.allocUnsafe(CHUNK);
/** The most the scratch grows to. */
const SCRATCH_MAX = 1 << 20;

/** Where an encoder writes an answer of at most `bound` bytes: the scratch, or a buffer of its own when larger than SCRATCH_MAX, so the scratch never keeps more. */
export function bufferFor(bound: number): Buffer {
  if (bound > SCRATCH_MAX) return Buffer.allocUnsafe(bound);
  if (scratch.length < bound) scratch = Buffer.allocUnsafe(SCRATCH_MAX);
  return scratch;
}

/** The `length` bytes written into `buf` (from bufferFor) as a buffer of the answer's own: a copy out of the scratch. */
export function exactly(buf: Buffer, length: number): Buffer {
  if (buf !== scratch) return buf.subarray(0, length);
  const out = Buffer.allocUnsafe(length);
  scratch.copy(out, 0, 0, length);
  return out;
}
