/**
 * The key of an ETag (issue 24, round 3): 96 bits of a hash of a sequence of
 * texts, written as the 16 base64url characters `versionEtag` takes. Fed
 * text by text, so a question is hashed without building its canonical text
 * first (that string, its flattening and a native sha1 call were most of a
 * cold answer's ETag). Not cryptographic: an ETag is compared only with the
 * ETags a client got for the same URL; it must be the same on every replica
 * and after a restart (pure arithmetic on UTF-16 code units: it is).
 *
 * Four 32-bit multiply–xor lanes, each with its own odd multiplier, over the
 * code units (as cyrb53 does with two), each finished with MurmurHash3's
 * fmix32; three lanes make the key.
 */
export class KeyHash {
  private h1 = 0xdeadbeef | 0;
  private h2 = 0x41c6ce57 | 0;
  private h3 = 0x9e3779b9 | 0;
  private h4 = 0x7f4a7c15 | 0;

  /** Adds a text, its length first: no sequence of texts reads as another. */
  text(text: string): this {
    this.unit(text.length);
    // the lanes in locals for the loop (a cold answer hashes about a hundred code units)
    let { h1, h2, h3, h4 } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
      h3 = Math.imul(h3 ^ c, 2246822507);
      h4 = Math.imul(h4 ^ c, 3266489909);
    }
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
    this.h4 = h4;
    return this;
  }

  /**
   * Adds a number as `text(String(n))` adds it (the same key), without
   * making the string for a safe integer: its digits are fed as they are
   * found (a cold answer's ETag hashes three or four days: issue 24, round 4).
   */
  decimal(n: number): this {
    if (!Number.isSafeInteger(n)) return this.text(String(n));
    const negative = n < 0;
    const m = negative ? -n : n;
    let digits = 1;
    while (digits < POWERS.length && POWERS[digits] <= m) digits++;
    this.unit(negative ? digits + 1 : digits);
    if (negative) this.unit(MINUS);
    for (let d = digits - 1; d >= 0; d--) this.unit(ZERO + (Math.floor(m / POWERS[d]) % 10));
    return this;
  }

  /** Adds a mark (n >= 0: absent, present, a count) that no text starts with: a text starts with its length, a mark is negative. */
  mark(n: number): this {
    this.unit(-1 - n);
    return this;
  }

  /** One step of every lane. */
  private unit(c: number): void {
    this.h1 = Math.imul(this.h1 ^ c, 2654435761);
    this.h2 = Math.imul(this.h2 ^ c, 1597334677);
    this.h3 = Math.imul(this.h3 ^ c, 2246822507);
    this.h4 = Math.imul(this.h4 ^ c, 3266489909);
  }

  /** The 16 base64url characters of 96 bits of the hash. */
  key(): string {
    // each lane finished with the others' state folded in, so every input unit reaches every bit of the key
    const a = fmix32(this.h1 ^ Math.imul(this.h4, 0x85ebca6b));
    const b = fmix32(this.h2 ^ Math.imul(a, 0xc2b2ae35));
    const c = fmix32(this.h3 ^ Math.imul(b, 0x27d4eb2f));
    // 96 bits as 16 groups of 6, made as one string (not 16 one-character strings joined)
    const d = a >>> 8;
    const e = ((a & 0xff) << 16) | (b >>> 16);
    const f = ((b & 0xffff) << 8) | (c >>> 24);
    const g = c & 0xffffff;
    return String.fromCharCode(
      sextet(d, 18),
      sextet(d, 12),
      sextet(d, 6),
      sextet(d, 0),
      sextet(e, 18),
      sextet(e, 12),
      sextet(e, 6),
      sextet(e, 0),
      sextet(f, 18),
      sextet(f, 12),
      sextet(f, 6),
      sextet(f, 0),
      sextet(g, 18),
      sextet(g, 12),
      sextet(g, 6),
      sextet(g, 0),
    );
  }
}

/** The base64url alphabet as character codes. */
const BASE64URL = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', (ch) => ch.charCodeAt(0));

/** The base64url character code of the 6 bits of `n` from bit `shift` up. */
const sextet = (n: number, shift: number): number => BASE64URL[(n >>> shift) & 63];

/** 10^0 … 10^15: the place of each digit of a safe integer (below 2^53, at most 16 digits). */
const POWERS = Array.from({ length: 16 }, (_, i) => 10 ** i);
const ZERO = 48;
const MINUS = 45;

/** MurmurHash3's 32-bit finaliser: every input bit flips each output bit with probability near 1/2. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
