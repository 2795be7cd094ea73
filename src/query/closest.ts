/**
 * The candidates closest to a word (prefix and substring matches first, then
 * by edit distance), for "did you mean" hints.
 * @example closest('ch_fso_cp', ['ch_fso_cpi', 'ch_fso_ppi'], 1) // ['ch_fso_cpi']
 */
export function closest(word: string, candidates: string[], limit: number): string[] {
  const w = word.toLowerCase();
  if (w === '' || w.length > 200) return [];
  const scored = candidates.map((c) => {
    const lc = c.toLowerCase();
    const bonus = lc.startsWith(w) || w.startsWith(lc) ? -2 : lc.includes(w) ? -1 : 0;
    return { c, score: editDistance(w, lc) + bonus };
  });
  const cutoff = Math.max(2, Math.floor(w.length / 2));
  return scored
    .filter((s) => s.score <= cutoff)
    .sort((a, b) => a.score - b.score || a.c.localeCompare(b.c))
    .slice(0, limit)
    .map((s) => s.c);
}

/** Levenshtein distance (two rows). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
