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
