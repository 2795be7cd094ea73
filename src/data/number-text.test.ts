import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { REAL_DATA } from '../../test/helpers.js';
import { loadSnapshot } from './load-snapshot.js';
import { NUMBER_TEXT_MAX, numberText, writeNumberText } from './number-text.js';

const scratch = Buffer.alloc(NUMBER_TEXT_MAX + 8);
/** The bytes writeNumberText writes (after a byte of padding that must stay), as text. */
const written = (v: number): string => {
  scratch.fill(0x5f);
  const end = writeNumberText(scratch, 1, v);
  assert.equal(scratch[0], 0x5f, 'nothing before the position');
  assert.equal(scratch[end], 0x5f, 'nothing after the end');
  return scratch.toString('latin1', 1, end);
};

const bitsOf = new Float64Array(1);
const words = new Uint32Array(bitsOf.buffer);
/** The double of these two 32-bit words (little-endian: the low word first). */
const fromWords = (low: number, high: number): number => {
  [words[0], words[1]] = [low, high];
  return bitsOf[0];
};
/** The double `step` doubles above a positive finite x (below for a negative step), by its bits. */
const neighbour = (x: number, step: number): number => {
  bitsOf[0] = x;
  const whole = words[1] * 2 ** 32 + words[0] + step;
  return fromWords(whole % 2 ** 32, Math.floor(whole / 2 ** 32));
};

describe('numberText and writeNumberText', () => {
  it('is String(v) for every double', () => {
    fc.assert(
      fc.property(fc.double(), (v) => numberText(v) === String(v) && written(v) === String(v)),
      { numRuns: 200_000 },
    );
  });

  it('is String(v) for values with a few decimals, the published kind, at every magnitude', () => {
    const decimals = fc.tuple(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 9 })).map(([n, k]) => n / 10 ** k);
    fc.assert(
      fc.property(decimals, (v) => numberText(v) === String(v) && written(v) === String(v)),
      { numRuns: 200_000 },
    );
  });

  it('is String(v) at the edges', () => {
    const edges = [
      0,
      -0,
      1,
      -1,
      0.1,
      0.2,
      0.1 + 0.2,
      1e-6,
      1e-7,
      1.5e-6,
      123.456,
      -0.000001,
      2 ** 50,
      2 ** 50 / 1e6,
      2 ** 53,
      2 ** 53 + 2,
      1e15,
      1e21,
      1e21 - 2 ** 17,
    ];
    const more = [
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      Number.MAX_VALUE,
      Number.EPSILON,
      Infinity,
      -Infinity,
      NaN,
      10 - 2 ** -49,
      99.995,
      1.005,
      4.35,
      0.035,
    ];
    // where writeNumberText leaves 32-bit arithmetic and splits at 10^8
    const wide = [
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      2 ** 31 + 0.5,
      (2 ** 31 - 1) / 1e6,
      2 ** 31 / 1e6,
      99_999_999.5,
      1e8,
      1e8 + 1,
      1e8 - 0.25,
      123_456_789.000001,
      2 ** 50 - 1,
      (2 ** 50 - 1) / 1e6,
    ];
    more.push(...wide, ...wide.map((v) => -v));
    for (const v of [...edges, ...more]) {
      assert.equal(numberText(v), String(v), String(v));
      assert.equal(written(v), String(v), `written ${String(v)}`);
    }
  });

  it('writes the longest texts, 25 characters (a negative value just above 10^-6 with 17 digits), into NUMBER_TEXT_MAX bytes', () => {
    for (const v of [-1.0805236850819355e-6, -1.0000000000000002e-6, -9.999999999999999e-6, -(2 ** -1022)]) {
      const room = Buffer.alloc(NUMBER_TEXT_MAX);
      assert.ok(String(v).length <= NUMBER_TEXT_MAX, `${String(v)} is ${String(v).length} characters`);
      assert.equal(room.toString('latin1', 0, writeNumberText(room, 0, v)), String(v));
    }
  });

  // issue 24, round 4: values with more than six decimals (most values after a transform) are written in double arithmetic
  it('is String(v) for doubles of any bits from 10^-6 to 2^53, where the text is worked out without String', () => {
    const plain = fc.double({ min: 1e-6, max: 2 ** 53, noNaN: true });
    const bits = fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })).map(([low, high]) => fromWords(low, high));
    fc.assert(
      fc.property(fc.oneof(plain, bits), fc.boolean(), (x, negative) => {
        const v = negative ? -x : x;
        return written(v) === String(v);
      }),
      { numRuns: 500_000 },
    );
  });

  it('is String(v) for decimals of 15 to 17 digits and their neighbours, from 10^-6 to 10^16', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^[0-9]{14,16}$/), fc.integer({ min: -6, max: 15 }))
      .map(([lead, rest, exponent]) => Number(`${lead}.${rest}e${exponent}`));
    fc.assert(
      fc.property(decimal, fc.integer({ min: -2, max: 2 }), (x, step) => {
        const v = neighbour(x, step);
        return written(v) === String(v) && written(-v) === String(-v);
      }),
      { numRuns: 300_000 },
    );
  });

  it('is String(v) around powers of two (a narrower gap below), powers of ten and the ends of plain notation', () => {
    const centres = [1e-6, 2 ** 53, 2 ** 52 + 0.5, 2 ** 50];
    for (let e = -20; e < 53; e++) centres.push(2 ** e);
    for (let p = -6; p < 16; p++) centres.push(Number(`1e${p}`), Number(`5e${p}`), Number(`9.5e${p}`), Number(`9.999999999999999e${p}`));
    for (const centre of centres) {
      for (let step = -8; step <= 8; step++) {
        const v = neighbour(centre, step);
        assert.equal(written(v), String(v), `${String(v)} (${step} from ${String(centre)})`);
        assert.equal(written(-v), String(-v));
      }
    }
  });

  it('is String(v) on every value of every real dataset', async () => {
    const snapshot = await loadSnapshot(REAL_DATA);
    let checked = 0;
    for (const { meta, store } of snapshot.datasets.values()) {
      for (const v of store.values) {
        if (Number.isNaN(v)) continue;
        if (numberText(v) !== String(v) || written(v) !== String(v)) assert.fail(`${meta.id}: ${String(v)} written ${written(v)}`);
        checked++;
      }
    }
    assert.ok(checked > 100_000, `${checked} values`);
  });
});
