/**
 * Frequency conversion (issue 20) through the routes, on the real data: the
 * numbers of /series equal aggregates computed by hand from the published
 * CSV (test/hand-aggregates.ts), every transform applies to the converted
 * periods, and /series.csv, /series.xlsx and the chart image show the same
 * numbers. Edge cases (missing values, partial periods) on test/fixtures/tiny.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import XLSX from '@e965/xlsx';
import { parseIsoDate } from '../src/data/dates.js';
import { computeView } from '../src/query/compute-view.js';
import { parseSelection } from '../src/selection/read-selection.js';
import { buildChartModel } from '../src/render/chart-model.js';
import { renderChartSvg } from '../src/render/chart-svg.js';
import { describeChart } from '../src/render/chart-content.js';
import { AGGREGATIONS } from '../src/query/view.js';
import { convertByHand, readCsvSeries, type CsvSeries } from './hand-aggregates.js';
import { FIXTURES, parseCsvText, REAL_DATA, startApp } from './helpers.js';

type Columns = Record<string, (string | number | null)[]>;

/** Rows of a columnar answer as {codes, date, value}. */
function rowsOf(columns: Columns, dims: string[]): { codes: string; date: string; value: number }[] {
  return columns.date.map((date, i) => ({
    codes: dims.map((d) => columns[d][i]).join('.'),
    date: String(date),
    value: columns.value[i] === null ? NaN : Number(columns.value[i]),
  }));
}

/** The hand's rows of every series, in CSV order. */
function handRows(all: CsvSeries[], hand: (s: CsvSeries) => { date: string; value: number }[]): { codes: string; date: string; value: number }[] {
  return all.flatMap((s) => hand(s).map((r) => ({ codes: s.codes.join('.'), ...r })));
}

/** A transform of converted rows computed by hand: the period before is the row whose date is `back` months earlier. */
function transformByHand(rows: { date: string; value: number }[], transform: string, months: number): { date: string; value: number }[] {
  const byDate = new Map(rows.map((r) => [r.date, r.value]));
  const back = (date: string) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - months);
    return byDate.get(d.toISOString().slice(0, 10));
  };
  const yearBack = (date: string) => byDate.get(`${Number(date.slice(0, 4)) - 1}${date.slice(4)}`);
  const first = rows.find((r) => !Number.isNaN(r.value))?.value ?? NaN;
  return rows.map(({ date, value }) => {
    const prev = transform === 'yoy' ? yearBack(date) : back(date);
    const change = (f: (p: number) => number) => (prev === undefined || prev === 0 ? NaN : f(prev));
    if (transform === 'index') return { date, value: (value / first) * 100 };
    if (transform === 'diff') return { date, value: prev === undefined ? NaN : value - prev };
    return { date, value: change((p) => (value / p - 1) * 100) };
  });
}

/** An xlsx date cell (an Excel serial day) as ISO. */
function excelDate(cell: unknown): string {
  return typeof cell === 'number' ? new Date(Date.UTC(1899, 11, 30) + cell * 86_400_000).toISOString().slice(0, 10) : String(cell);
}

/** Numbers equal up to the last bits (a hand's sum and the service's may round differently in a ratio). */
function assertClose(got: { codes?: string; date: string; value: number }[], want: { codes?: string; date: string; value: number }[], what: string): void {
  assert.deepEqual(
    got.map((r) => `${r.codes ?? ''} ${r.date}`),
    want.map((r) => `${r.codes ?? ''} ${r.date}`),
    `${what}: the periods`,
  );
  got.forEach((r, i) => {
    const w = want[i].value;
    if (Number.isNaN(w)) assert.ok(Number.isNaN(r.value), `${what} ${r.date}: missing`);
    else assert.ok(Math.abs(r.value - w) <= 1e-12 * Math.max(1, Math.abs(w)), `${what} ${r.codes} ${r.date}: ${r.value} ≠ ${w}`);
  });
}

describe('frequency conversion on the real data (issue 20)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(REAL_DATA);
  });
  after(() => app.close());
  const json = async (url: string) => {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
    return res.json() as Columns;
  };

  const zavesic = () => readCsvSeries('ch_snb_zavesic');
  const cases = [
    { id: 'ch_snb_zavesic', source: 'monthly', target: 'quarterly', dims: ['D0'] },
    { id: 'ch_snb_zavesic', source: 'monthly', target: 'annual', dims: ['D0'] },
    { id: 'ch_fso_vacancies', source: 'quarterly', target: 'annual', dims: [] as string[] },
    { id: 'ch_fso_construction_prices', source: 'semi-annual', target: 'annual', dims: ['worktype'] },
    { id: 'ch_seco_wwa', source: 'weekly', target: 'monthly', dims: ['structure'] },
  ] as const;

  for (const c of cases) {
    it(`/series of ${c.id} converted ${c.source} → ${c.target} equals the hand's, for every aggregation`, async () => {
      const all = readCsvSeries(c.id);
      const dims = (await app.inject(`/dataset/${c.id}/meta`)).json().dim_order as string[];
      for (const aggregation of AGGREGATIONS) {
        const got = rowsOf(await json(`/series?dataset=${c.id}&frequency=${c.target}&aggregation=${aggregation}`), dims);
        assertClose(
          got,
          handRows(all, (s) => convertByHand(s, c.source, c.target, aggregation)),
          `${c.id} ${aggregation}`,
        );
      }
    });
  }

  for (const transform of ['yoy', 'pct', 'diff', 'index'] as const) {
    for (const target of ['annual', 'quarterly'] as const) {
      it(`transform=${transform} applies to the ${target} means, not to the months (ch_snb_zavesic)`, async () => {
        const months = target === 'annual' ? 12 : 3;
        const got = rowsOf(await json(`/series?dataset=ch_snb_zavesic&frequency=${target}&transform=${transform}`), ['D0']);
        const want = handRows(zavesic(), (s) => transformByHand(convertByHand(s, 'monthly', target, 'mean'), transform, months));
        assertClose(got, want, `${transform} of ${target}`);
      });
    }
  }

  it('last=N counts converted periods; from=-5y counts back from the last converted period', async () => {
    const [first] = zavesic();
    const dims = `dims=D0=${first.codes[0]}`;
    const annual = convertByHand(first, 'monthly', 'annual', 'mean');
    const last3 = rowsOf(await json(`/series?dataset=ch_snb_zavesic&${dims}&frequency=annual&last=3`), ['D0']);
    assertClose(
      last3,
      annual.slice(-3).map((r) => ({ codes: first.codes.join('.'), ...r })),
      'last=3',
    );
    const lastYear = Number(annual[annual.length - 1].date.slice(0, 4));
    const five = rowsOf(await json(`/series?dataset=ch_snb_zavesic&${dims}&frequency=annual&from=-5y`), ['D0']);
    assert.deepEqual(
      five.map((r) => r.date),
      annual.filter((r) => Number(r.date.slice(0, 4)) >= lastYear - 5).map((r) => r.date),
    );
    assert.equal(five.length, 6, 'inclusive, as -5y on monthly data gives 61 months');
  });

  it('the same numbers on /series, /series.csv, /series.xlsx and the chart image', async () => {
    const query = 'dataset=ch_snb_zavesic&dims=D0=149990&frequency=annual&aggregation=max&transform=yoy&from=2010-01-01';
    const columns = await json(`/series?${query}`);
    const dims = ['D0'];
    const rows = rowsOf(columns, dims);
    assert.ok(rows.length > 10, 'the selection has rows');
    const csv = parseCsvText((await app.inject(`/series.csv?${query}`)).body);
    assert.deepEqual(csv[0], [...dims, 'date', 'value']);
    assert.deepEqual(
      csv.slice(1).map((r) => [r[0], r[1], r[2] === '' ? null : Number(r[2])]),
      rows.map((r) => [...r.codes.split('.'), r.date, Number.isNaN(r.value) ? null : r.value]),
    );
    const book = XLSX.read((await app.inject(`/series.xlsx?${query}`)).rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.data, { header: 1, raw: true }) as unknown[][];
    const head = sheet[0] as string[];
    const [dateCol, valueCol] = [head.indexOf('date'), head.indexOf('value')];
    assert.deepEqual(
      sheet.slice(1).map((r) => [excelDate(r[dateCol]), r[valueCol] ?? null]),
      rows.map((r) => [r.date, Number.isNaN(r.value) ? null : r.value]),
    );
    // the chart image: the renderer's input is the same view, and the route drew it
    const { dataset, selection } = parseSelection(Object.fromEntries(new URLSearchParams(query)) as never, app.ds.data.current!);
    const view = computeView(dataset, selection);
    const plotted = buildChartModel(view, { lang: 'en', width: 1200, height: 700 }).series.flatMap((s) =>
      Array.from(s.view.dates, (d, i) => ({ codes: s.view.codes.join('.'), day: d, value: s.view.values[i] })),
    );
    assert.deepEqual(
      plotted.map((p) => [p.codes, p.day, Number.isNaN(p.value) ? null : p.value]),
      rows.map((r) => [r.codes, parseIsoDate(r.date), Number.isNaN(r.value) ? null : r.value]),
    );
    const svg = (await app.inject(`/chart.svg?${query}&width=1200&height=700`)).body;
    assert.equal(
      svg,
      renderChartSvg(view, { lang: 'en', width: 1200, height: 700, licenseName: app.ds.data.current!.licenses.get(dataset.meta.license)?.name.en ?? null }),
    );
  });

  it('a converted value is written in its shortest form, never with the published text of another observation', async () => {
    // 3M2 2017-06-01 is published as -1.4e-4: the last of Q2 2017, converted, reads -0.00014
    const csv = (await app.inject('/series.csv?dataset=ch_snb_zimoma&dims=D0=3M2&frequency=quarterly&aggregation=last&from=2017-04-01&to=2017-04-01')).body;
    assert.equal(csv.trim().split('\n')[1], '3M2,2017-04-01,-0.00014');
    const published = (await app.inject('/series.csv?dataset=ch_snb_zimoma&dims=D0=3M2&from=2017-06-01&to=2017-06-01')).body;
    assert.equal(published.trim().split('\n')[1], '3M2,2017-06-01,-1.4e-4', 'unconverted, the published text stays');
  });

  it('the chart caption, the chart dates and the xlsx metadata name the converted frequency and the aggregation, in four languages', async () => {
    const words = {
      en: ['Annual (maximum, incl. incomplete periods)', 'Annual', 'Aggregation', 'maximum: Monthly → Annual; incl. incomplete periods'],
      de: ['Jährlich (Maximum, inkl. unvollständiger Perioden)', 'Jährlich', 'Aggregation', 'Maximum: Monatlich → Jährlich; inkl. unvollständiger Perioden'],
      fr: ['Annuelle (maximum, périodes incomplètes comprises)', 'Annuelle', 'Agrégation', 'maximum : Mensuelle → Annuelle ; périodes incomplètes comprises'],
      it: ['Annuale (massimo, periodi incompleti inclusi)', 'Annuale', 'Aggregazione', 'massimo: Mensile → Annuale; periodi incompleti inclusi'],
    } as const;
    const query = 'dataset=ch_snb_zavesic&dims=D0=149990&frequency=annual&aggregation=max&partial=true';
    for (const [lang, [caption, frequency, aggregationName, detail]] of Object.entries(words)) {
      const svg = (await app.inject(`/chart.svg?${query}&lang=${lang}`)).body;
      assert.ok(svg.includes(caption), `${lang}: the chart's caption says ${caption}`);
      const book = XLSX.read((await app.inject(`/series.xlsx?${query}&lang=${lang}`)).rawPayload, { type: 'buffer' });
      const meta = new Map(XLSX.utils.sheet_to_json<string[]>(book.Sheets.metadata, { header: 1, raw: false }).map((r) => [r[0], r[1]]));
      const names = [...meta.keys()];
      assert.ok([...meta.values()].includes(frequency), `${lang}: the metadata's frequency is the converted one (${names.join(', ')})`);
      assert.equal(meta.get(aggregationName), detail, `${lang}: the metadata names the aggregation`);
    }
    // the dates of the chart are named as years, the frequency shown
    const { dataset, selection } = parseSelection(Object.fromEntries(new URLSearchParams(query)) as never, app.ds.data.current!);
    assert.equal(describeChart(computeView(dataset, selection), 'en').dateUnit, 'year');
    const plain = (await app.inject('/series.xlsx?dataset=ch_snb_zavesic&dims=D0=149990')).rawPayload;
    const plainMeta = XLSX.utils.sheet_to_json<string[]>(XLSX.read(plain, { type: 'buffer' }).Sheets.metadata, { header: 1, raw: false });
    assert.ok(!plainMeta.some((r) => r[0] === 'Aggregation'), 'no aggregation row when not converted');
    assert.ok(plainMeta.some((r) => r[1] === 'Monthly'));
  });

  it('under conversion the index base is the converted period that holds the date asked', async () => {
    const [first] = zavesic();
    const annual = convertByHand(first, 'monthly', 'annual', 'mean');
    const base = annual.find((r) => r.date === '2010-01-01')!.value;
    const got = rowsOf(await json(`/series?dataset=ch_snb_zavesic&dims=D0=${first.codes[0]}&frequency=annual&transform=index&base=2010-06-15`), ['D0']);
    assertClose(
      got,
      annual.map((r) => ({ codes: first.codes.join('.'), date: r.date, value: (r.value / base) * 100 })),
      'index on 2010',
    );
  });

  it('the page follows the converted frequency: caption, headline period, relative dates, index base and its picker (temporary page wiring)', async () => {
    const [first] = zavesic();
    const annual = convertByHand(first, 'monthly', 'annual', 'mean');
    const last = annual[annual.length - 1].date;
    const res = await app.inject(`/d/ch_snb_zavesic?D0=${first.codes[0]}&frequency=annual&from=-5y&transform=index&base=2021-06-01`);
    assert.equal(res.statusCode, 200);
    const body = res.body;
    const data = JSON.parse(/<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(body)![1]) as {
      dateUnit: string;
      span: { end: string };
      series: { dates: number[] }[];
    };
    assert.equal(data.dateUnit, 'year');
    assert.equal(data.span.end, last, 'relative dates count back from the last converted period');
    const lastYear = Number(last.slice(0, 4));
    assert.deepEqual(
      data.series[0].dates.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
      annual.filter((r) => Number(r.date.slice(0, 4)) >= lastYear - 5).map((r) => r.date),
    );
    assert.match(body, new RegExp(`<input type="date" name="from" value="${lastYear - 5}-01-01"[^>]* max="${last}"`));
    assert.match(body, new RegExp(`id="index-base" name="base" value="2021-06-01"[^>]* max="${last}"`));
    assert.match(body, new RegExp(`<span class="headline-period">${lastYear}</span>`), 'the headline names the year');
    assert.ok(body.includes('Annual (mean)'), 'the caption names the conversion');
    assert.ok(body.includes('Index, 2021\u00a0=\u00a0100'), 'the index names its base year');
  });

  it('a converted answer has its own ETag: a cache never answers it with the unconverted one', async () => {
    const plain = await app.inject('/series?dataset=ch_snb_zavesic&dims=D0=149990');
    const converted = await app.inject({
      url: '/series?dataset=ch_snb_zavesic&dims=D0=149990&frequency=annual',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    assert.equal(converted.statusCode, 200);
    assert.notEqual(converted.headers.etag, plain.headers.etag);
    const sum = await app.inject('/series?dataset=ch_snb_zavesic&dims=D0=149990&frequency=annual&aggregation=sum');
    assert.notEqual(sum.headers.etag, converted.headers.etag);
  });

  it("a frequency not lower than the dataset's is a 400 naming the dataset's; aggregation or partial alone is a 400", async () => {
    for (const route of ['/series', '/series.csv']) {
      const same = await app.inject(`${route}?dataset=ch_fso_vacancies&frequency=quarterly`);
      assert.equal(same.statusCode, 400);
      assert.match(same.body, /it is quarterly, and frequency converts only to a lower frequency \(semi-annual, annual\)/);
      const higher = await app.inject(`${route}?dataset=ch_fso_construction_prices&frequency=monthly`);
      assert.equal(higher.statusCode, 400);
      assert.match(higher.body, /is semi-annual/);
      for (const alone of ['aggregation=sum', 'partial=true']) {
        const res = await app.inject(`${route}?dataset=ch_fso_vacancies&${alone}`);
        assert.equal(res.statusCode, 400, alone);
        assert.match(res.body, /only applies with frequency/);
      }
    }
    assert.equal((await app.inject('/series?dataset=ch_fso_vacancies&frequency=quarterly')).json().code, 'frequency_not_lower');
    assert.equal((await app.inject('/series?dataset=ch_fso_vacancies&partial=true')).json().code, 'without_frequency');
    assert.equal((await app.inject('/series?dataset=ch_fso_vacancies&frequency=annual&aggregation=median')).statusCode, 400);
  });
});

describe('frequency conversion: missing values and partial periods (test/fixtures/tiny)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await startApp(path.join(FIXTURES, 'tiny'));
  });
  after(() => app.close());
  const dir = path.join(FIXTURES, 'tiny');

  it('incomplete years are left out; partial=true keeps them over the values present', async () => {
    const none = (await app.inject('/series?dataset=tiny_cube&frequency=annual')).json() as Columns;
    assert.deepEqual(none.date, [], 'every year of tiny_cube lacks a quarter or holds a missing value');
    const all = readCsvSeries('tiny_cube', dir);
    for (const aggregation of AGGREGATIONS) {
      const got = rowsOf((await app.inject(`/series?dataset=tiny_cube&frequency=annual&aggregation=${aggregation}&partial=true`)).json() as Columns, [
        'kind',
        'region',
      ]);
      assertClose(
        got,
        handRows(all, (s) => convertByHand(s, 'quarterly', 'annual', aggregation, true)),
        aggregation,
      );
    }
    const mean = rowsOf((await app.inject('/series?dataset=tiny_cube&dims=kind=a;region=n&frequency=annual&partial=true')).json() as Columns, [
      'kind',
      'region',
    ]);
    assert.deepEqual(
      mean.map((r) => [r.date, r.value]),
      [
        ['2019-01-01', (100 + 110 + 99) / 3],
        ['2020-01-01', (120 + 121) / 2],
      ],
    );
  });

  it('monthly → quarterly keeps the complete quarter only (tiny_single)', async () => {
    const got = (await app.inject('/series?dataset=tiny_single&frequency=quarterly&aggregation=sum')).json() as Columns;
    assert.deepEqual(got, { date: ['2020-01-01'], value: [31] });
  });
});
