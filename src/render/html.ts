/**
 * The one HTML template helper of the site: `html` escapes every
 * interpolation unless it is already `SafeHtml` (made by `html` itself or by
 * an explicit `raw()`), so a label holding `<script>` is shown as text.
 */

import { escapeMarkup } from '../markup.js';

/** A piece of markup that is known to be safe to insert as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What an `html` template accepts: text (escaped), numbers, markup, lists of those; null/false/undefined render nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

/**
 * The one escaper of the site (src/markup.ts): text for HTML or XML content
 * and (quoted) attribute values. Pages, the embed code, /oembed and the
 * sitemap use it.
 * @example escapeHtml('<b>') // '&lt;b&gt;'
 */
export const escapeHtml: (text: string) => string = escapeMarkup;

function serialise(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(serialise).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template for markup: every `${value}` is escaped unless it is SafeHtml.
 * @example html`<p title="${title}">${label}</p>`
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += serialise(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Marks a string as markup, unescaped: only for text the code itself produced (never data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * JSON for an inline `<script type="application/json">`: `<`, `>`, `&` and the
 * line separators are written as `\u` escapes, so no data can close the
 * script element or open a comment.
 * @example jsonScript('page-data', { title: '</script>' })
 */
export function jsonScript(id: string, data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  return raw(`<script type="application/json" id="${escapeHtml(id)}">${json}</script>`);
}
