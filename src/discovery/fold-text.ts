/**
 * Text folding for search: case- and diacritics-insensitive, so "preise"
 * meets "Preise", "economie" meets "Économie" and "strasse" meets "Straße".
 * The R and Python clients fold the same way (NFKD, marks dropped, ß/æ/œ/ø
 * spelled out).
 */

/** Letters that decomposition leaves whole, spelled the way a user types them. */
const SPELLED: Record<string, string> = { ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ı: 'i' };
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');
const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * Lower case, without accents or other combining marks.
 * @example foldText('Économie Straße') // 'economie strasse'
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(SPELLED_RE, (c) => SPELLED[c])
    .toLowerCase();
}

/**
 * The words of a text, folded: runs of letters and digits.
 * @example tokenize("Taux d'intérêt & rendements") // ['taux', 'd', 'interet', 'rendements']
 */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(SEPARATORS)
    .filter((w) => w !== '');
}
