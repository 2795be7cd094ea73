import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGS } from '../data/model.js';
import { formatCount, formatDay, formatFrequency, formatInteger, formatSpan } from './format.js';
import { uiStrings } from './strings.js';
import { parseIsoDate } from '../data/dates.js';

/** Every string of a nested object with its path. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Strings that are the same word in a language and in English (names, loanwords, codes). */
const SAME_AS_ENGLISH =
  /^(languageName|nav\.api|footer\.llms|libraries\.(r|python)\.heading|libraries\.(tools|sdmx)\.heading|dataset\.formats\.(csv|xlsx|json)|dataset\.tabCode|dataset\.transforms\.index|dataset\.copy|errors\.details|facts\.(source|series)|dataset\.chart|datasets\.filterLabel|dataset\.notes|dataset\.period|facts\.span|frequencies\.(annual|monthly)|licenses\.title|observationCount\.(one|other)|dataset\.embedPreview|about\.title|home\.title|dataset\.about)$/;

describe('interface strings', () => {
  const en = new Map(leaves(uiStrings('en')));

  for (const lang of LANGS) {
    it(`${lang}: every string is present, non-empty, with the English placeholders`, () => {
      const strings = new Map(leaves(uiStrings(lang)));
      assert.deepEqual([...strings.keys()].sort(), [...en.keys()].sort());
      for (const [path, text] of strings) {
        assert.ok(text.trim() !== '', `${lang} ${path} is empty`);
        assert.deepEqual(placeholders(text), placeholders(en.get(path)!), `${lang} ${path}: placeholders differ from English`);
      }
    });
  }

  for (const lang of ['de', 'fr', 'it'] as const) {
    it(`${lang}: translated by hand, not copied from English`, () => {
      const same = leaves(uiStrings(lang)).filter(([path, text]) => text === en.get(path) && !SAME_AS_ENGLISH.test(path));
      assert.deepEqual(same, []);
    });
  }
});

describe('formats with an explicit locale', () => {
  it('groups thousands the Swiss way', () => {
    assert.equal(formatInteger(1234567, 'de'), "1'234'567");
    assert.equal(formatInteger(1234567, 'en'), '1,234,567');
    assert.equal(formatInteger(1234567, 'fr'), '1\u202f234\u202f567', 'pinned: ICU versions disagree here');
  });

  it('picks the plural form', () => {
    const t = uiStrings('de');
    assert.equal(formatCount(t.datasetCount, 1, 'de'), '1 Datensatz');
    assert.equal(formatCount(t.datasetCount, 45, 'de'), '45 Datensätze');
    assert.equal(formatCount(uiStrings('fr').seriesCount, 1512, 'fr').replace(/\s/gu, ' '), '1 512 séries');
  });

  it('writes days and spans in the language', () => {
    assert.equal(formatDay('2026-08-04 11:54:52', 'fr'), '4 août 2026');
    assert.equal(formatDay('2026-08-04', 'de'), '4. August 2026');
    assert.equal(formatDay(null, 'en'), null);
    assert.equal(formatDay('n/a', 'en'), null);
    assert.equal(formatSpan(parseIsoDate('1972-10-01')!, parseIsoDate('2026-07-01')!, 'quarterly', 'en'), 'Q4\u00a01972 – Q3\u00a02026');
    assert.equal(formatSpan(parseIsoDate('1972-10-01')!, parseIsoDate('2026-07-01')!, 'quarterly', 'fr'), 'T4\u00a01972 – T3\u00a02026');
  });

  it('names frequencies, and shows an unknown one as published', () => {
    assert.equal(formatFrequency('monthly', uiStrings('it')), 'Mensile');
    assert.equal(formatFrequency('semi-annual', uiStrings('de')), 'Halbjährlich');
    assert.equal(formatFrequency('biennial', uiStrings('de')), 'biennial');
  });
});
