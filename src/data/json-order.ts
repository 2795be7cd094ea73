/**
 * JSON objects in the order their keys were written. A JavaScript object
 * lists integer-like keys (`1`, `2`, but not `_T` or `01`) first, in numeric
 * order, whatever order they were inserted in; level codes are such keys
 * (`_T, 1, 2` would come back as `1, 2, _T`). So objects read from a file
 * carry their written key order under a symbol, objects built for an answer
 * carry the order they are meant to have, and `stringifyInOrder` writes the
 * JSON text in that order.
 */

const KEY_ORDER = Symbol('key order');

type Ordered = Record<string, unknown> & { [KEY_ORDER]?: string[] };

/** A marker no JSON text can produce inside a key once it has been escaped. */
const MARK = '\u0000';

/**
 * Parses JSON like `JSON.parse`, remembering each object's key order as written.
 * @example keysInOrder(parseJsonInOrder('{"_T":1,"1":2}')) // ['_T', '1']
 */
export function parseJsonInOrder(text: string): unknown {
  try {
    return JSON.parse(markKeys(text), (_key, value: unknown) => (isPlainObject(value) ? unmark(value) : value));
  } catch (e) {
    // V8 revives recursively: a document nested thousands of levels deep overflows the stack. It is read
    // without its key order, and the reader that walks it refuses that depth with a message naming where.
    if (e instanceof RangeError) return JSON.parse(text);
    throw e;
  }
}

/** The keys of an object in their written (or intended) order; Object.keys for any other object. */
export function keysInOrder(value: object): string[] {
  return (value as Ordered)[KEY_ORDER] ?? Object.keys(value);
}

/** The entries of an object in their written (or intended) order. */
export function entriesInOrder(value: object): [string, unknown][] {
  const record = value as Record<string, unknown>;
  return keysInOrder(value).map((k) => [k, record[k]]);
}

/**
 * An object whose keys keep the order of `entries` when written by `stringifyInOrder`.
 * @example stringifyInOrder(orderedRecord([['_T', 1], ['1', 2]])) // '{"_T":1,"1":2}'
 */
export function orderedRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out: Ordered = {};
  const keys: string[] = [];
  for (const [k, v] of entries) {
    if (!Object.prototype.hasOwnProperty.call(out, k)) keys.push(k);
    setOwn(out, k, v);
  }
  out[KEY_ORDER] = keys;
  return out as Record<string, T>;
}

/**
 * `JSON.stringify(value, null, indent)`, with every object's keys in the order
 * `keysInOrder` gives (its written or intended order).
 */
export function stringifyInOrder(value: unknown, indent = 0): string {
  return write(value, indent > 0 ? ' '.repeat(indent) : '', '') ?? 'null';
}

function write(value: unknown, gap: string, outer: string): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return write((value as { toJSON: () => unknown }).toJSON(), gap, outer);
  }
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = outer + gap;
  const open = gap ? `\n${inner}` : '';
  const close = gap ? `\n${outer}` : '';
  const join = gap ? `,\n${inner}` : ',';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((v) => write(v, gap, inner) ?? 'null').join(join)}${close}]`;
  }
  const parts: string[] = [];
  for (const [k, v] of entriesInOrder(value)) {
    const text = write(v, gap, inner);
    if (text !== undefined) parts.push(`${JSON.stringify(k)}:${gap ? ' ' : ''}${text}`);
  }
  return parts.length === 0 ? '{}' : `{${open}${parts.join(join)}${close}}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Prefixes every object key in the JSON text with MARK, so that no key is integer-like while parsing. */
function markKeys(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    let next = end + 1;
    while (next < text.length && ' \t\n\r'.includes(text[next])) next++;
    if (text[next] === ':') {
      out += text.slice(from, i + 1) + '\\u0000';
      from = i + 1;
    }
    i = end;
  }
  return out + text.slice(from);
}

/** The object with MARK taken off its keys, its key order kept under KEY_ORDER. */
function unmark(marked: Record<string, unknown>): Ordered {
  const out: Ordered = {};
  const keys: string[] = [];
  for (const [k, v] of Object.entries(marked)) {
    const key = k.startsWith(MARK) ? k.slice(1) : k;
    if (!Object.prototype.hasOwnProperty.call(out, key)) keys.push(key);
    setOwn(out, key, v);
  }
  out[KEY_ORDER] = keys;
  return out;
}

/** out[key] = value as an own property, even for `__proto__` (as JSON.parse does). */
function setOwn(out: object, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
