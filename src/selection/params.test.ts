// The table of selection parameters: its rules that need no app (the walk
// over every route is test/params-table.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorMessage } from '../errors/catalogue.js';
import { pageUrl } from '../urls.js';
import {
  BASE_TAKERS,
  dimensionField,
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
  dims: [{ id: 'base', levels: [{ code: '2020', data: true }], has: (c) => c === '2020' }],
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
    assert.equal(pageUrl('', 'en', { datasetId: 'x', frequency: 'annual', aggregation: 'mean', partial: false }), '/d/x?frequency=annual');
    assert.equal(
      pageUrl('', 'en', { datasetId: 'x', frequency: 'annual', aggregation: 'sum', partial: true }),
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

  it("compare's grammar is the table's: a malformed value is bad_parameter in the catalogue's words", () => {
    const problem = grammarProblem('compare', 'Ch X');
    assert.equal(problem?.code, 'bad_parameter');
    assert.equal(problem?.message, "Cannot read compare 'Ch X': expected <dataset>:<dim>=<code>[,<code>…][;<dim>=<code>…].");
    assert.deepEqual(problem?.facts, { parameter: 'compare', value: 'Ch X', reason: 'malformed' });
    assert.equal(grammarProblem('compare', 'ch_kof_barometer:x=1'), null);
  });
});
