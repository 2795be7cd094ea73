/**
 * The word search of the dataset listing, shared by the server (/datasets?q=)
 * and the bundle (filter as you type): every word of the query must occur;
 * case, diacritics and punctuation are ignored.
 */

/** Lowercase, without diacritics, punctuation as spaces: the form both the text and the query are matched in. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query (normalised). */
export function searchTokens(query: string): string[] {
  return normaliseForSearch(query)
    .split(' ')
    .filter((t) => t !== '');
}

/** Whether every token occurs in a normalised text. */
export function matchesAll(text: string, tokens: string[]): boolean {
  return tokens.every((t) => text.includes(t));
}
