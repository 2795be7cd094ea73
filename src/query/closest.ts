/** Candidates made ready for `closestIn`: each with its lowercase form (what the scoring compares) and that form's units' signature. */
export interface Candidates {
  readonly codes: readonly string[];
  readonly lower: readonly string[];
  readonly signatures: Int32Array;
}

/**
 * The candidates made ready once for many `closestIn` calls (a dimension's
 * codes: params.ts dimCodes).
 * @example closestIn('ch_fso_cp', candidates(['ch_fso_cpi', 'ch_fso_ppi']), 1) // ['ch_fso_cpi']
 */
export function candidates(codes: readonly string[]): Candidates {
  const lower = codes.map((c) => c.toLowerCase());
  return { codes, lower, signatures: Int32Array.from(lower, signature) };
}

/** The units a text holds, each as one of 32 bits (several units share a bit). */
function signature(text: string): number {
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    bits |= 1 << ((ch ^ (ch >> 5)) & 31);
  }
  return bits;
}

/** The number of bits set. */
function ones(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The candidates closest to a word (prefix and substring matches first, then
 * by edit distance), for "did you mean" hints.
 * @example closest('ch_fso_cp', ['ch_fso_cpi', 'ch_fso_ppi'], 1) // ['ch_fso_cpi']
 */
export function closest(word: string, list: readonly string[], limit: number): string[] {
  return closestIn(word, candidates(list), limit);
}

/**
 * `closest` over candidates made ready: a score is the edit distance of the
 * lowercase forms, 2 off for a prefix either way, 1 off for a substring; the
 * scores up to half the word's length (at least 2) are shown, lowest first,
 * then in locale order.
 */
export function closestIn(word: string, ready: Candidates, limit: number): string[] {
  const w = word.toLowerCase();
  if (w === '' || w.length > 200) return [];
  const cutoff = Math.max(2, Math.floor(w.length / 2));
  // a bonus takes at most 2 off: a candidate further than cutoff + 2 can never be shown (issue 24: a bad code costs no more than a good one)
  const bound = cutoff + 2;
  const masks = w.length <= 32 ? wordMasks(w) : null;
  const scored: { c: string; score: number }[] = [];
  const { codes, lower, signatures } = ready;
  const signed = signature(w);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (Math.abs(c.length - w.length) > bound) continue;
    const lc = lower[i];
    // each unit one side lacks costs an edit; a side that lacks none may hold the other (the bonus)
    const wordLacks = ones(signed & ~signatures[i]);
    const codeLacks = ones(signatures[i] & ~signed);
    let bonus = 0;
    let prefix = false;
    if (wordLacks === 0 || codeLacks === 0) {
      // the word inside the code (at 0: a prefix), or the code a prefix of the word
      const at = lc.length >= w.length ? lc.indexOf(w) : -1;
      prefix = at === 0 || (lc.length < w.length && w.startsWith(lc));
      bonus = prefix ? -2 : at > 0 ? -1 : 0;
    }
    // past the cutoff whatever the distance: none is needed
    if (Math.max(wordLacks, codeLacks) + bonus > cutoff) continue;
    // one a prefix of the other: the distance is the rest's length
    const distance = prefix ? Math.abs(lc.length - w.length) : masks ? bitDistance(masks, lc) : editDistance(w, lc, bound);
    const score = distance + bonus;
    if (score <= cutoff) scored.push({ c, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((s) => s.c);
}

/** A word of at most 32 UTF-16 units as bitDistance reads it: per unit, the bits of the word's positions holding it. */
interface WordMasks {
  length: number;
  /** by unit below 128 */
  ascii: Int32Array;
  /** the other units and their positions, in pairs */
  other: number[];
}

function wordMasks(word: string): WordMasks {
  const ascii = new Int32Array(128);
  const other: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const ch = word.charCodeAt(i);
    if (ch < 128) ascii[ch] |= 1 << i;
    else other.push(ch, i);
  }
  return { length: word.length, ascii, other };
}

/** The bits of a unit in the word. */
function maskOf(word: WordMasks, ch: number): number {
  if (ch < 128) return word.ascii[ch];
  let mask = 0;
  for (let k = 0; k < word.other.length; k += 2) if (word.other[k] === ch) mask |= 1 << word.other[k + 1];
  return mask;
}

/**
 * The Levenshtein distance from a word of at most 32 UTF-16 units to any
 * text, bit-parallel (Myers 1999, in Hyyrö's form): the word's positions are
 * the bits of one integer, so each unit of the text costs a few operations.
 */
function bitDistance(word: WordMasks, text: string): number {
  const last = 1 << (word.length - 1);
  let pv = -1;
  let mv = 0;
  let score = word.length;
  for (let j = 0; j < text.length; j++) {
    let eq = maskOf(word, text.charCodeAt(j));
    const xv = eq | mv;
    eq |= (((eq & pv) + pv) | 0) ^ pv;
    mv |= ~(eq | pv);
    pv &= eq;
    if (mv & last) score++;
    if (pv & last) score--;
    mv = (mv << 1) | 1;
    pv = (pv << 1) | ~(xv | mv);
    mv &= xv;
  }
  return score;
}

/** The two rows of editDistance, grown as needed and reused. */
let rows = [new Int32Array(64), new Int32Array(64)];

/**
 * Levenshtein distance (two rows); with `bound`, any distance above it may be
 * returned as bound + 1 (the search stops once every path is past it).
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  if (rows[0].length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < least) least = v;
    }
    if (least > bound) return bound + 1;
    const done = prev;
    prev = cur;
    cur = done;
  }
  return prev[b.length];
}
