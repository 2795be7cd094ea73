// The table of selection parameters: its rules that need no app (the walk
// over every route is test/params-table.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorMessage } from '../errors/catalogue.js';
import { pageUrl } from '../urls.js';
import {
  BASE_TAKERS,
  dimensionField,
  factsDim,
  fieldLevel,
  grammarProblem,
  PARAM_NAMES,
  PARAMS,
  readerProblemCodes,
  selectionSchemas,
  type DatasetFacts,
} from './params.js';
import { readSelection } from './read-selection.js';
import { lowerFrequencies } from '../data/frequency.js';

const facts = (frequency: string): DatasetFacts => ({
  id: 'x',
  frequency,
  end: Number.NaN,
  transforms: ['level', 'pct', 'yoy', 'diff', 'index'],
  dims: [factsDim('x', 'base', [{ code: '2020', data: true }], (c) => c === '2020')],
});

describe('the table of selection parameters', () => {
  it('converts only to a lower frequency: weekly and daily to monthly and lower, annual to none', () => {
    assert.deepEqual(lowerFrequencies('daily'), ['monthly', 'quarterly', 'semi-annual', 'annual']);
    assert.deepEqual(lowerFrequencies('weekly'), ['monthly', 'quarterly', 'semi-annual', 'annual']);
    assert.deepEqual(lowerFrequencies('monthly'), ['quarterly', 'semi-annual', 'annual']);
    assert.deepEqual(lowerFrequencies('quarterly'), ['semi-annual', 'annual']);
    assert.deepEqual(lowerFrequencies('semi-annual'), ['annual']);
    assert.deepEqual(lowerFrequencies('annual'), []);
  });

  it("a frequency not lower than the dataset's own is frequency_not_lower naming the dataset's own", () => {
    const read = (freq: string, own: string) => readSelection(facts(own), [['frequency', freq]], 'api', 'strict');
    const same = read('monthly', 'monthly').problems[0];
    assert.equal(same.code, 'frequency_not_lower');
    assert.deepEqual(same.facts, { parameter: 'frequency', value: 'monthly', dataset: 'x', own: 'monthly', valid: ['quarterly', 'semi-annual', 'annual'] });
    assert.match(same.message, /it is monthly/);
    assert.match(read('annual', 'annual').problems[0].message, /no frequency is lower: leave out frequency/);
    assert.deepEqual(read('annual', 'monthly').read.convert, { frequency: 'annual', aggregation: 'mean', partial: false });
  });

  it('aggregation and partial apply only with frequency; with it they fill the conversion', () => {
    const api = (pairs: [string, string][]) => readSelection(facts('monthly'), pairs, 'api', 'lenient');
    assert.deepEqual(
      api([['aggregation', 'sum']]).problems.map((p) => [p.code, p.parameter]),
      [['without_frequency', 'aggregation']],
    );
    assert.deepEqual(
      api([['partial', 'true']]).problems.map((p) => [p.code, p.parameter]),
      [['without_frequency', 'partial']],
    );
    const both = api([
      ['frequency', 'quarterly'],
      ['aggregation', 'last'],
      ['partial', 'true'],
    ]);
    assert.deepEqual([both.problems, both.read.convert], [[], { frequency: 'quarterly', aggregation: 'last', partial: true }]);
  });

  it('base applies to the transforms TRANSFORM_TABLE marks takesBase, and says so in one wording', () => {
    assert.deepEqual(BASE_TAKERS, ['index']);
    const read = readSelection(
      facts('monthly'),
      [
        ['transform', 'yoy'],
        ['base', '2020-01-01'],
      ],
      'key',
      'strict',
    );
    assert.equal(read.problems[0].message, 'base only applies to transform=index (got transform=yoy).');
  });

  it('a parameter name is never a dimension: ch_fso_ppi-like `base` goes in dims, on forms and page URLs', () => {
    assert.deepEqual(dimensionField('base', '2020'), { name: 'dims', value: 'base=2020' });
    assert.deepEqual(dimensionField('D0', 'SARON'), { name: 'D0', value: 'SARON' });
    assert.deepEqual(fieldLevel('dims', 'base=2020'), { dim: 'base', code: '2020' });
    assert.equal(pageUrl('', 'en', { datasetId: 'x', dims: { D0: ['SARON'] } }), '/d/x?D0=SARON');
    assert.equal(
      pageUrl('', 'en', { datasetId: 'x', dims: { base: ['2020'], D0: ['a'] }, transform: 'index', base: '2021-01-01' }),
      '/d/x?dims=base=2020&D0=a&transform=index&base=2021-01-01',
    );
    const page = readSelection(
      facts('monthly'),
      [
        ['dims', 'base=2020'],
        ['transform', 'index'],
        ['base', '2021-01-01'],
      ],
      'page',
      'strict',
    );
    assert.deepEqual([page.problems, page.read.dims, page.read.base?.text], [[], { base: ['2020'] }, '2021-01-01']);
  });

  it('URLs write the conversion, leaving out its defaults', () => {
    assert.equal(pageUrl('', 'en', { datasetId: 'x', convert: { frequency: 'annual', aggregation: 'mean', partial: false } }), '/d/x?frequency=annual');
    assert.equal(
      pageUrl('', 'en', { datasetId: 'x', convert: { frequency: 'annual', aggregation: 'sum', partial: true } }),
      '/d/x?frequency=annual&aggregation=sum&partial=true',
    );
  });

  it('derives the API schemas and the codes a reader raises', () => {
    assert.deepEqual(Object.keys(selectionSchemas('series')), [
      'dataset',
      'dims',
      'from',
      'to',
      'last',
      'transform',
      'base',
      'frequency',
      'aggregation',
      'partial',
      'as_of',
    ]);
    assert.deepEqual(Object.keys(selectionSchemas('og.jpg')), ['dataset']);
    for (const code of ['frequency_not_lower', 'without_frequency', 'bad_date_range', 'unknown_parameter'] as const)
      assert.ok(readerProblemCodes('key').includes(code), code);
    // no schema carries a default: Ajv would fill it in, and aggregation=mean would then stand without frequency
    for (const name of PARAM_NAMES) if (PARAMS[name].api) assert.equal('default' in PARAMS[name].schema, false, name);
  });

  it("every problem is said from the catalogue's template, which refuses a missing fact", () => {
    assert.equal(grammarProblem('last', '0')?.message, "Invalid last '0': expected a whole number from 1 to 1000000.");
    assert.throws(() => errorMessage('base_without_index', { transform: 'yoy' }), /needs the fact 'takers'/);
  });

  it('reads as_of as a date (the end of that day, UTC) or a time stamp, resolved to the vintage published then', () => {
    const vintages = { ...facts('monthly'), id: 'v', vintages: ['2026-01-05T08:00:00Z', '2026-02-05T08:00:00Z', '2026-03-05T08:00:00Z'] };
    const read = (text: string) => PARAMS.as_of.read(text, vintages);
    assert.deepEqual(read('2026-02-05'), { value: { text: '2026-02-05', asked: '2026-02-05T23:59:59Z', vintage: '2026-02-05T08:00:00Z', final: true } });
    assert.deepEqual(read('20260205T075959Z'), {
      value: { text: '20260205T075959Z', asked: '2026-02-05T07:59:59Z', vintage: '2026-01-05T08:00:00Z', final: true },
    });
    assert.equal((read('2026-02-05T08:00:00Z') as { value: { vintage: string } }).value.vintage, '2026-02-05T08:00:00Z');
    // after the last vintage: the latest, which a later publish may follow (not final), unless its own stamp is asked
    assert.deepEqual(read('2099-01-01'), { value: { text: '2099-01-01', asked: '2099-01-01T23:59:59Z', vintage: '2026-03-05T08:00:00Z', final: false } });
    assert.equal((read('20260305T080000Z') as { value: { final: boolean } }).value.final, true);
    const before = read('2026-01-04') as { problem: { code: string; message: string; facts: Record<string, unknown> } };
    assert.equal(before.problem.code, 'before_first_vintage');
    assert.deepEqual(before.problem.facts, { parameter: 'as_of', value: '2026-01-04', dataset: 'v', first_vintage: '2026-01-05T08:00:00Z' });
    assert.match(before.problem.message, /before the first vintage of v \(2026-01-05T08:00:00Z\)/);
    for (const bad of ['2026-02-30', 'yesterday', '2026-02-05T08:00Z', '20260205T0800Z'])
      assert.equal(grammarProblem('as_of', bad)?.code, 'bad_parameter', bad);
    // a dataset without history has one vintage: the data as it is
    assert.deepEqual(PARAMS.as_of.read('1990-01-01', facts('monthly')), {
      value: { text: '1990-01-01', asked: '1990-01-01T23:59:59Z', vintage: null, final: false },
    });
  });

  it('writes as_of in page and API URLs as the vintage it resolved to', () => {
    const asOf = { text: '2026-02-06', asked: '2026-02-06T23:59:59Z', vintage: '2026-02-05T08:00:00Z', final: false };
    const url = pageUrl('', 'en', { datasetId: 'v', asOf });
    assert.equal(url, '/d/v?as_of=20260205T080000Z');
  });

  it("compare's grammar is the table's: a malformed value is bad_parameter in the catalogue's words", () => {
    const problem = grammarProblem('compare', 'Ch X');
    assert.equal(problem?.code, 'bad_parameter');
    assert.equal(problem?.message, "Cannot read compare 'Ch X': expected <dataset>:<dim>=<code>[,<code>…][;<dim>=<code>…].");
    assert.deepEqual(problem?.facts, { parameter: 'compare', value: 'Ch X', reason: 'malformed' });
    assert.equal(grammarProblem('compare', 'ch_kof_barometer:x=1'), null);
  });
});
