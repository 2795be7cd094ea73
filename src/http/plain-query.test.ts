// The plain check of a query schema (plain-query.ts) must never accept what
// the route's Ajv validator refuses, nor fill in other defaults: over every
// selection route's schema and a corpus of queries, each one it accepts is
// accepted by Ajv (compiled as the fast lanes and Fastify compile it) and
// ends up the same object.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AjvCompiler from '@fastify/ajv-compiler';
import { PARAMS } from '../selection/params.js';
import { ROUTE_OUTPUT_IDS, SELECTION_OUTPUTS } from '../query/selection-outputs.js';
import { outputQuerySchema } from '../routes/selection-outputs.js';
import { NO_PARAMS } from '../routes/schemas.js';
import { AJV_OPTIONS } from './fast-lane.js';
import { plainQueryCheck } from './plain-query.js';
import { parseQueryString } from './query-string.js';

const compile = AjvCompiler()({}, { customOptions: AJV_OPTIONS });
const DS = 'dataset=ch_fso_ppi';
const astral = (n: number): string => '\u{1F600}'.repeat(n);

/** Queries of every parameter of the table, and the edges of what the plain check reads itself. */
const CORPUS: string[] = [
  DS,
  `${DS}&dims=base%3D2015&from=2020-01-01&to=-1y&transform=yoy`,
  ...Object.values(PARAMS).map((p) => [DS, ...p.sample.map(([n, v]) => `${n}=${encodeURIComponent(v)}`)].join('&')),
  '',
  'dims=base%3D2015',
  `${DS}&dataset=ch_fso_ppi`,
  'dataset=CH_FSO_PPI',
  'dataset=ch_fso_ppi%0A',
  'dataset=ch_f%C3%A9',
  `dataset=${'a'.repeat(100)}`,
  `dataset=${'a'.repeat(101)}`,
  `${DS}&dims=${'a'.repeat(4000)}`,
  `${DS}&dims=${'a'.repeat(4001)}`,
  // 4,000 UTF-16 units, 2,000 code points; then 4,002 units but 2,001 code points (Ajv counts code points)
  `${DS}&dims=${encodeURIComponent(astral(2000))}`,
  `${DS}&dims=${encodeURIComponent(astral(2001))}`,
  `${DS}&dims=`,
  `${DS}&from=`,
  `${DS}&from=2020-1-1`,
  `${DS}&from=-5x`,
  `${DS}&from=2020-01-01&from=2021-01-01`,
  `${DS}&transform=YOY`,
  `${DS}&transform=`,
  `${DS}&download=yes`,
  `${DS}&labels=1&lang=fr`,
  `${DS}&lang=xx`,
  `${DS}&last=3`,
  `${DS}&last=%203`,
  `${DS}&last=0`,
  `${DS}&width=400&height=300`,
  `${DS}&scale=log`,
  `${DS}&compare=ch_kof_barometer&compare=ch_fso_ppi`,
  `${DS}&_=1&_=2&_x`,
  `${DS}&bogus=1`,
  `${DS}&constructor=1`,
  `${DS}&hasOwnProperty=1`,
  `${DS}&__proto__=1`,
  `${DS}&as_of=2024-01-01`,
  `${DS}&vintages=all`,
  `${DS}&frequency=annual&aggregation=sum&partial=true`,
];

describe('the plain check of a query schema', () => {
  for (const id of ROUTE_OUTPUT_IDS) {
    it(`accepts only what Ajv accepts, with the same defaults: /${SELECTION_OUTPUTS[id].path}`, () => {
      const schema = outputQuerySchema(SELECTION_OUTPUTS[id]);
      const ajv = compile({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (q: unknown) => boolean;
      const plain = plainQueryCheck(schema);
      // the chart routes' width and height are integers with defaults: Ajv alone fills them in, so it judges every query of theirs
      if (SELECTION_OUTPUTS[id].group === 'chart') return assert.equal(plain, null);
      assert.ok(plain, 'a data route has a plain check');
      let accepted = 0;
      for (const text of CORPUS) {
        const [ours, theirs] = [parseQueryString(text), parseQueryString(text)];
        if (plain(ours) !== true) continue;
        accepted++;
        assert.equal(ajv(theirs), true, `Ajv refuses ${text.slice(0, 80)}`);
        assert.equal(JSON.stringify(ours), JSON.stringify(theirs), text.slice(0, 80));
      }
      // the common queries are the check's own (else the lane would pay Ajv for them)
      assert.ok(accepted >= 10, `accepted ${accepted}`);
    });
  }

  it('takes the common query itself and leaves anything else to Ajv', () => {
    const plain = plainQueryCheck(outputQuerySchema(SELECTION_OUTPUTS.csv))!;
    const query = parseQueryString(`${DS}&dims=base%3D2015&from=2020-01-01&_=1`);
    assert.equal(plain(query), true);
    assert.deepEqual({ ...query }, { dataset: 'ch_fso_ppi', dims: 'base=2015', from: '2020-01-01', _: '1', lang: 'en' });
    for (const text of [
      `${DS}&last=3`,
      `${DS}&bogus=1`,
      'dims=base%3D2015',
      `${DS}&from=2020-01-01&from=2021-01-01`,
      `${DS}&dims=${encodeURIComponent(astral(2001))}`,
    ])
      assert.equal(plain(parseQueryString(text)), undefined, text.slice(0, 80));
  });

  it('is none for a schema it cannot read whole', () => {
    assert.equal(plainQueryCheck({ type: 'object', properties: { a: { type: 'string' } } }), null, 'other properties allowed');
    assert.equal(plainQueryCheck({ ...NO_PARAMS, patternProperties: { '^x': {} } }), null, 'another pattern property');
    assert.equal(plainQueryCheck({ ...NO_PARAMS, properties: { n: { type: 'integer', default: 3 } } }), null, 'a default Ajv alone would fill in');
    assert.ok(plainQueryCheck(NO_PARAMS));
  });

  it('takes a `_` name only where the schema has the cache busters (without them, Ajv refuses it)', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, additionalProperties: false };
    const ajv = compile({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as (q: unknown) => boolean;
    assert.equal(ajv({ a: '1', _x: '2' }), false);
    assert.equal(plainQueryCheck(schema)!({ a: '1', _x: '2' }), undefined);
    assert.equal(plainQueryCheck({ ...schema, patternProperties: { '^_': {} } })!({ a: '1', _x: '2' }), true);
  });
});
