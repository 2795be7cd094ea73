import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseFrequency } from './normalise.js';

test('a frequency has one spelling after load, so no reader handles aliases (issue 13)', () => {
  assert.equal(normaliseFrequency('Yearly'), 'annual');
  assert.equal(normaliseFrequency('annually'), 'annual');
  assert.equal(normaliseFrequency('semiannual'), 'semi-annual');
  assert.equal(normaliseFrequency(' Semi-Annual '), 'semi-annual');
  assert.equal(normaliseFrequency('quarterly'), 'quarterly');
  assert.equal(normaliseFrequency('fortnightly'), 'fortnightly', 'an unknown frequency stays as published');
  assert.equal(normaliseFrequency(null), 'unknown');
});
