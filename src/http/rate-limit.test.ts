import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from './rate-limit.js';

// Time is passed to take() (the clock is an argument), so nothing here sleeps or depends on timing.

/** Units admitted in every interval of `windowMs` ending at an admission: the most any window saw. */
function worstWindow(admitted: { at: number; cost: number }[], windowMs: number): number {
  let worst = 0;
  for (const end of admitted) {
    let sum = 0;
    for (const a of admitted) if (a.at > end.at - windowMs && a.at <= end.at) sum += a.cost;
    worst = Math.max(worst, sum);
  }
  return worst;
}

describe('RateLimiter (a sliding window)', () => {
  it('a burst across a window boundary passes at most the limit (a fixed window let 200 of 100 through in 2 s)', () => {
    const limiter = new RateLimiter(100);
    const t0 = Date.now();
    let passed = 0;
    // 100 a second before the minute since the limiter began, 100 a second after it
    for (let i = 0; i < 100; i++) if (limiter.take('a', 1, t0 + 59_000).allowed) passed++;
    for (let i = 0; i < 100; i++) if (limiter.take('a', 1, t0 + 61_000).allowed) passed++;
    assert.equal(passed, 100);
  });

  it('no interval of one window ever admits more than the limit, whatever the weights and pacing', () => {
    const limiter = new RateLimiter(50);
    const t0 = Date.now();
    const admitted: { at: number; cost: number }[] = [];
    // a fixed pseudo-random walk: bursts, pauses and weighted requests over five minutes
    let seed = 7;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let at = t0; at < t0 + 300_000; at += Math.floor(next() * 900)) {
      const cost = [1, 1, 1, 2, 3, 10][Math.floor(next() * 6)];
      if (limiter.take('a', cost, at).allowed) admitted.push({ at, cost });
    }
    assert.ok(worstWindow(admitted, 60_000) <= 50, `worst window ${worstWindow(admitted, 60_000)}`);
    assert.ok(admitted.length > 100, 'the budget comes back as the window slides');
  });

  it('RateLimit-Remaining counts the units of the last minute; Retry-After says when this request fits, and it then does', () => {
    const limiter = new RateLimiter(10);
    const t0 = Date.now();
    assert.equal(limiter.take('a', 4, t0).headers['ratelimit-remaining'], '6');
    assert.equal(limiter.take('a', 6, t0 + 30_000).headers['ratelimit-remaining'], '0');
    const refused = limiter.take('a', 3, t0 + 40_000);
    assert.equal(refused.allowed, false);
    // the 4 units of t0 leave the window 60 to 61 s after t0: 20 to 21 s from now
    assert.ok(refused.retryAfter >= 20 && refused.retryAfter <= 21, `Retry-After ${refused.retryAfter}`);
    assert.equal(limiter.take('a', 3, t0 + 40_000 + (refused.retryAfter - 1) * 1000).allowed, false, 'not before');
    const later = limiter.take('a', 3, t0 + 40_000 + refused.retryAfter * 1000);
    assert.equal(later.allowed, true, 'at the time it said');
    assert.equal(later.headers['ratelimit-remaining'], '1');
    // every unit counted now has left the window 60 to 61 s after the latest one
    assert.ok(Number(later.headers['ratelimit-reset']) >= 60 && Number(later.headers['ratelimit-reset']) <= 61);
  });

  it('each client has its own budget, and a worker enforces its share', () => {
    const limiter = new RateLimiter(100, 4);
    assert.equal(limiter.limit, 25);
    const t0 = Date.now();
    for (let i = 0; i < 25; i++) assert.equal(limiter.take('a', 1, t0).allowed, true);
    assert.equal(limiter.take('a', 1, t0).allowed, false);
    assert.equal(limiter.take('b', 1, t0).allowed, true);
  });
});
