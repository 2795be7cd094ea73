import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FREQUENCIES, FREQUENCY_TABLE, frequencyOfSpelling, lowerFrequencies } from './frequency.js';
import { frequencyUnit } from '../i18n/chart-text.js';
import { formatFrequency } from '../i18n/format.js';
import { uiStrings } from '../i18n/strings.js';

test('a dataset converts only to the calendar frequencies below its own (issue 20)', () => {
  assert.deepEqual(lowerFrequencies('weekly'), ['monthly', 'quarterly', 'semi-annual', 'annual']);
  assert.deepEqual(lowerFrequencies('monthly'), ['quarterly', 'semi-annual', 'annual']);
  assert.deepEqual(lowerFrequencies('semi-annual'), ['annual']);
  assert.deepEqual(lowerFrequencies('annual'), []);
  assert.deepEqual(lowerFrequencies('fortnightly'), [], 'an unknown frequency converts to nothing');
});

test('every alias of the table reads as its frequency, and nothing else does', () => {
  for (const f of FREQUENCIES) {
    assert.equal(frequencyOfSpelling(f), f);
    for (const alias of FREQUENCY_TABLE[f].aliases) assert.equal(frequencyOfSpelling(alias), f);
  }
  assert.equal(frequencyOfSpelling('fortnightly'), null);
});

test('names and date units of frequencies are read from the one table', () => {
  for (const f of FREQUENCIES) {
    assert.equal(frequencyUnit(f), FREQUENCY_TABLE[f].unit);
    for (const lang of ['en', 'de', 'fr', 'it'] as const) assert.notEqual(formatFrequency(f, uiStrings(lang)), f, `${f} has a ${lang} name`);
  }
  assert.equal(frequencyUnit('fortnightly'), 'day');
});
