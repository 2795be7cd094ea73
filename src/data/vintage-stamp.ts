/**
 * Vintage time stamps: every publish is a vintage named by its UTC time to
 * the second, `YYYY-MM-DDTHH:MM:SSZ` (DESIGN §2). Stamps of one published
 * directory are strictly increasing: a publish in the same second as the one
 * before (or with a clock behind it) takes the previous stamp plus one second.
 */

const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Seconds since 1970 of a well-formed stamp, or null (not the format, or not a real time). */
export function parseStamp(text: string): number | null {
  const m = STAMP.exec(text);
  if (!m) return null;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (!Number.isFinite(ms) || formatStamp(ms / 1000) !== text) return null;
  return ms / 1000;
}

/** The stamp of seconds since 1970. */
export function formatStamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The stamp of a new publish at `now`, after the directory's last vintage (one second later when it would not be). */
export function nextStamp(now: Date, last: string | null): string {
  const at = Math.floor(now.getTime() / 1000);
  const after = last === null ? null : parseStamp(last);
  return formatStamp(after !== null && at <= after ? after + 1 : at);
}

/** A stamp as a file name (no colons): `2026-11-28T07:40:00Z` → `20261128T074000Z`. */
export function stampFileName(stamp: string): string {
  return stamp.replace(/[-:]/g, '');
}

/** The stamp of a time written to the millisecond (an older manifest's `published_at`), or null. */
export function stampOfIso(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? formatStamp(Math.floor(ms / 1000)) : null;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The UTC second an `as_of` text stands for: a time stamp (`YYYY-MM-DDTHH:MM:SSZ`
 * or its file-name form `YYYYMMDDTHHMMSSZ`), or a date `YYYY-MM-DD`, which
 * means the end of that day UTC. Null when it is none of these (or no real time).
 * @example asOfStamp('2026-03-31') // '2026-03-31T23:59:59Z'
 * @example asOfStamp('20261128T074000Z') // '2026-11-28T07:40:00Z'
 */
export function asOfStamp(text: string): string | null {
  const m = COMPACT.exec(text);
  const stamp = m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : DAY.test(text) ? `${text}T23:59:59Z` : text;
  return parseStamp(stamp) === null ? null : stamp;
}

/**
 * The index of the vintage (stamps oldest first) published at `stamp` or
 * last before it; -1 when `stamp` is before the first.
 */
export function vintageIndex(stamps: readonly string[], stamp: string): number {
  const at = parseStamp(stamp);
  if (at === null) throw new RangeError(`${JSON.stringify(stamp)} is not a time stamp YYYY-MM-DDTHH:MM:SSZ`);
  let k = -1;
  for (let v = 0; v < stamps.length && parseStamp(stamps[v])! <= at; v++) k = v;
  return k;
}
