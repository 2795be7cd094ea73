/**
 * How a load message quotes the text of a file. Messages reach the public
 * `/health`, so what they quote is bounded (a 20 MB first line must not make
 * a 20 MB answer) and made inert (control characters escaped, so a file
 * cannot write to a terminal or a log line through a message).
 */

/** At most this many characters of a file are quoted in one place. */
export const QUOTE_MAX = 120;

// C0 and C1 controls, DEL, line/paragraph separators and bidirectional overrides
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Escapes control characters as `\n`, `\t` or `\uXXXX`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Cuts text to `max` characters (not inside a surrogate pair), marking the cut with `…`. */
export function clip(text: string, max = QUOTE_MAX): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/**
 * Quotes text taken from a file: at most QUOTE_MAX characters, between double
 * quotes, with quotes, backslashes and control characters escaped.
 * @example quoteFileText('a\u0007b') // '"a\\u0007b"'
 */
export function quoteFileText(text: string): string {
  const cut = clip(text);
  return `"${escapeControls(cut.replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}

/** A whole message made safe to show: control characters escaped, at most `max` characters. */
export function cleanMessage(message: string, max = 600): string {
  return escapeControls(clip(message, max));
}

/** Quotes any value read from a JSON file: a string as quoteFileText does, anything else as bounded JSON. */
export function quoteFileValue(value: unknown): string {
  if (typeof value === 'string') return quoteFileText(value);
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = '(a value too deeply nested to show)';
  }
  return escapeControls(clip(json));
}
