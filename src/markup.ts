/**
 * The one escaper of markup: text for HTML or XML content and (quoted)
 * attribute values. `&#39;` is a character reference in both, so pages, the
 * embed code, /oembed, the sitemap and the SDMX-ML messages share it. It sits
 * at the bottom of the layers (it imports nothing), so every layer that writes
 * markup calls it.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text escaped for HTML or XML.
 * @example escapeMarkup('<b>"A&B"</b>') // '&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;'
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
