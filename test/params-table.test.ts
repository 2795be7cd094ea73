// The walk of the table of selection parameters (issue 20): for every
// parameter of src/selection/params.ts and every route or input that takes
// it, on the real data and one app: the route accepts it, /openapi.json
// lists it, a selection parameter survives page → /resolve → page, and each
// of its mistakes gets the same code, words and facts everywhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PARAM_NAMES, PARAMS, paramSpec, readerProblemCodes, type ParamName, type Taker } from '../src/selection/params.js';
import { parseCsvText, REAL_DATA, startApp } from './helpers.js';

const DATASET = 'ch_fso_ppi';
type Pairs = readonly (readonly [string, string])[];

/**
 * One mistake per parameter and code the table lists: a new parameter or
 * problem without its case here fails 'every problem of the table has a case'.
 */
const MISTAKES: Partial<Record<ParamName, Record<string, Pairs>>> = {
  dataset: { unknown_dataset: [['dataset', 'ch_fso_ppx']] },
  dims: { malformed_dims: [['dims', 'base']], unknown_dimension: [['dims', 'nope=1']], unknown_code: [['dims', 'base=1999']] },
  from: {
    bad_date: [['from', '2020-13-01']],
    bad_relative_date: [['from', '-5x']],
    bad_date_range: [
      ['from', '2024-01-01'],
      ['to', '2020-01-01'],
    ],
  },
  to: {
    bad_date: [['to', '2020-02-30']],
    bad_relative_date: [['to', '-0y']],
    bad_date_range: [
      ['from', '-1y'],
      ['to', '2020-01-01'],
    ],
  },
  last: { bad_parameter: [['last', '0']] },
  transform: { unknown_transform: [['transform', 'growth']] },
  base: {
    bad_date: [
      ['transform', 'index'],
      ['base', '2020'],
    ],
    base_without_index: [
      ['transform', 'yoy'],
      ['base', '2020-01-01'],
    ],
  },
  frequency: { bad_parameter: [['frequency', 'weekly']], frequency_not_lower: [['frequency', 'monthly']] },
  aggregation: {
    bad_parameter: [
      ['frequency', 'annual'],
      ['aggregation', 'median'],
    ],
    without_frequency: [['aggregation', 'sum']],
  },
  partial: {
    bad_parameter: [
      ['frequency', 'annual'],
      ['partial', 'yes'],
    ],
    without_frequency: [['partial', 'true']],
  },
  scale: { bad_parameter: [['scale', 'ln']] },
  compare: { bad_parameter: [['compare', 'ch_snb_zimoma:=']] },
  download: { bad_parameter: [['download', 'yes']] },
  labels: { bad_parameter: [['labels', 'yes']] },
  lang: { bad_parameter: [['lang', 'xx']] },
  width: { bad_parameter: [['width', '1']] },
  height: { bad_parameter: [['height', '1']] },
  from_rel: { bad_date: [['from_rel', '2020']], bad_relative_date: [['from_rel', '-5x']] },
  to_rel: { bad_date: [['to_rel', '2020']], bad_relative_date: [['to_rel', '-5x']] },
  as_of: { bad_parameter: [['as_of', '2026-02-30']] },
  vintages: { bad_parameter: [['vintages', 'some']] },
};

/** Problems the real directory cannot raise (it has no vintages): proven on published vintages, in the file named. */
const ELSEWHERE: Partial<Record<ParamName, Record<string, string>>> = {
  as_of: { before_first_vintage: 'src/routes/as-of.test.ts' },
};

/** Members of a problem+json answer that are not the mistake's own facts. */
const FRAME = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'error']);

function query(pairs: Pairs): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The URL a taker is asked with: an API route, the page (read strictly by /resolve) or a series key given to /resolve. */
function urlOf(taker: Taker, pairs: Pairs): string {
  if (taker === 'page') return `/resolve?q=${encodeURIComponent(`/d/${DATASET}?${query(pairs)}`)}`;
  if (taker === 'key') return `/resolve?q=${encodeURIComponent(`${DATASET}?${query(pairs)}`)}`;
  const withDataset = pairs.some(([k]) => k === 'dataset') ? pairs : [['dataset', DATASET] as const, ...pairs];
  return `/${taker}?${query(withDataset)}`;
}

/** What an answer says of a mistake: status, code, words and facts (a CSV error carries its words only). */
interface Said {
  status: number;
  code: string | null;
  message: string;
  facts: Record<string, unknown> | null;
}

describe('the table of selection parameters, walked on every route that takes each', () => {
  let app: FastifyInstance;
  let openapi: { paths: Record<string, { get: { parameters?: { name: string }[] } }> };
  const get = (url: string) => app.inject({ method: 'GET', url });
  const said = async (url: string): Promise<Said> => {
    const res = await get(url);
    if (String(res.headers['content-type']).startsWith('text/csv')) {
      return { status: res.statusCode, code: null, message: parseCsvText(res.body)[1]?.[0] ?? '', facts: null };
    }
    const p = res.json() as Record<string, unknown>;
    const facts = Object.fromEntries(Object.entries(p).filter(([k]) => !FRAME.has(k)));
    return { status: res.statusCode, code: String(p.code), message: String(p.detail), facts };
  };

  before(async () => {
    app = await startApp(REAL_DATA);
    openapi = (await get('/openapi.json')).json();
  });
  after(() => app.close());

  it('every problem of the table has a case here, and every case is a problem of the table', () => {
    for (const name of PARAM_NAMES) {
      const cases = [...Object.keys(MISTAKES[name] ?? {}), ...Object.keys(ELSEWHERE[name] ?? {})];
      assert.deepEqual(cases.sort(), [...PARAMS[name].problems].sort(), name);
    }
  });

  for (const name of PARAM_NAMES) {
    const spec = paramSpec(name);
    describe(name, () => {
      for (const taker of spec.takenBy) {
        it(`${taker} accepts ${query(spec.sample)}`, async () => {
          const res = await get(urlOf(taker, spec.sample));
          assert.equal(res.statusCode, 200, `${urlOf(taker, spec.sample)}: ${res.body.slice(0, 300)}`);
          if (taker === 'page') {
            const page = await get(`/d/${DATASET}?${query(spec.sample)}`);
            assert.equal(page.statusCode, 200);
          }
        });
        if (taker !== 'page' && taker !== 'key') {
          it(`/openapi.json lists it for /${taker}`, () => {
            const names = (openapi.paths[`/${taker}`]?.get.parameters ?? []).map((p) => p.name);
            assert.ok(names.includes(name), `/${taker}: ${names.join(', ')}`);
          });
        }
      }

      if (spec.part === 'selection' && spec.takenBy.includes('page') && spec.takenBy.includes('key')) {
        it('survives page → /resolve → page', async () => {
          const first = (await get(urlOf('page', spec.sample))).json() as Record<string, unknown> & { page: { en: string } };
          const written = new URL(first.page.en);
          for (const [k, v] of spec.sample) assert.ok(written.searchParams.getAll(k).includes(v), `${written.search} keeps ${k}=${v}`);
          const again = (await get(`/resolve?q=${encodeURIComponent(first.page.en)}`)).json() as Record<string, unknown>;
          for (const field of ['dims', 'from', 'to', 'last', 'transform', 'base', 'frequency', 'aggregation', 'partial']) {
            assert.deepEqual(again[field], first[field], `${field} of ${first.page.en}`);
          }
          assert.equal((await get(written.pathname + written.search)).statusCode, 200);
        });
      }

      for (const [code, pairs] of Object.entries(MISTAKES[name] ?? {})) {
        it(`${code} (${query(pairs)}) is said the same on ${spec.takenBy.join(', ')}`, async () => {
          const answers = new Map<Taker, Said>();
          for (const taker of spec.takenBy) answers.set(taker, await said(urlOf(taker, pairs)));
          // a CSV error carries the words only: the code and facts come from a JSON answer where there is one
          const [firstTaker, first] = [...answers].find(([, a]) => a.code !== null) ?? [...answers][0];
          assert.ok(first.status >= 400, `${firstTaker}: ${first.status}`);
          if (first.code !== null) assert.equal(first.code, code, `${firstTaker}: ${first.message}`);
          for (const [taker, a] of answers) {
            assert.equal(a.status, first.status, `${taker} vs ${firstTaker}: ${a.message}`);
            assert.equal(a.message, first.message, `${taker} vs ${firstTaker}`);
            if (a.code !== null) {
              assert.equal(a.code, code, taker);
              assert.deepEqual(a.facts, first.facts, `${taker} vs ${firstTaker}`);
            }
          }
          for (const taker of spec.takenBy) assert.ok(readerProblemCodes(taker).includes(code as never), `readerProblemCodes(${taker}) lists ${code}`);
        });
      }
    });
  }
});
