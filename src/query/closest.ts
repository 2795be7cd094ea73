/**
 * The candidates closest to a word (prefix and substring matches first, then
 * by edit distance), for "did you mean" hints.
 * @example closest('ch_fso_cp', ['ch_fso_cpi', 'ch_fso_ppi'], 1) // ['ch_fso_cpi']
 */
export function closest(word: string, candidates: string[], limit: number): string[] {
  const w = word.toLowerCase();
  if (w === '' || w.length > 200) return [];
  const cutoff = Math.max(2, Math.floor(w.length / 2));
  // a bonus takes at most 2 off: a candidate further than cutoff + 2 can never be shown (issue 24: a bad code costs no more than a good one)
  const bound = cutoff + 2;
  const scored: { c: string; score: number }[] = [];
  for (const c of candidates) {
    if (Math.abs(c.length - w.length) > bound) continue;
    const lc = c.toLowerCase();
    const bonus = lc.startsWith(w) || w.startsWith(lc) ? -2 : lc.includes(w) ? -1 : 0;
    const score = editDistance(w, lc, bound) + bonus;
    if (score <= cutoff) scored.push({ c, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((s) => s.c);
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
