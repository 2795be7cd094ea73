/**
 * The search benchmark (`node --import tsx bench/search.ts [--rounds N] [--seconds S] [--no-http]`):
 * median and p95 of in-process search over realistic queries in the four
 * languages (whole words and every keystroke of a few words) on the real
 * data, against a baseline measured in the same run: the linear scan the R
 * and Python clients do over `/search-index.json` (every word a substring of
 * the folded record text). Then requests per second of `/search` on a real
 * server on loopback, every URL new (no response cache), against cached
 * `/search` of one URL. Target: median < 2 ms per query.
 * Prints the figures and appends them to bench/RESULTS-search.md.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installExitHooks, runCommand } from './lib/children.js';
import { loadOnServe } from './lib/serve-load.js';
import { type LoadResult } from './lib/wrk.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REAL_DATA = existsSync(resolve(ROOT, '../shared/dataseries-data/data'))
  ? resolve(ROOT, '../shared/dataseries-data/data')
  : '/work/shared/dataseries-data/data';
const TARGET_MS = 2;

type Lang = 'en' | 'de' | 'fr' | 'it';

/** Words users type, per language: topics, series, places, and a few with accents. */
const WORDS: Record<Lang, string[]> = {
  en: [
    'unemployment',
    'consumer prices',
    'gdp',
    'hotel',
    'exports',
    'wages',
    'interest rate',
    'swiss franc',
    'full time',
    'zurich',
    'unemployment men',
    'inflation',
  ],
  de: [
    'arbeitslosenquote',
    'preise',
    'konsumentenstimmung',
    'beschäftigung',
    'löhne',
    'zinsen',
    'bip',
    'exporte',
    'logiernächte',
    'bevölkerung',
    'Arbeitslosigkeit Frauen',
    'zürich',
  ],
  fr: [
    'pib',
    'chômage',
    'prix',
    'economie',
    'salaires',
    "taux d'intérêt",
    'emploi',
    'exportations',
    'population',
    'construction',
    'prix consommation',
    'genève',
  ],
  it: [
    'disoccupazione',
    'prezzi',
    'pil',
    'salari',
    'occupazione',
    'tassi',
    'popolazione',
    'esportazioni',
    'pernottamenti',
    'costruzione',
    'prezzi al consumo',
    'ticino',
  ],
};
/** Words typed one keystroke at a time (search on every keystroke). */
const TYPED: Record<Lang, string> = { en: 'unemployment', de: 'arbeitslosenquote', fr: 'économie', it: 'disoccupazione' };

const log = (line: string): void => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const f = (n: number): string => (n < 0.1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(1));

/** Every query of a run with its language: the words, then every prefix of the typed word. */
function queries(): Array<{ q: string; lang: Lang; typed: boolean }> {
  const out: Array<{ q: string; lang: Lang; typed: boolean }> = [];
  for (const lang of Object.keys(WORDS) as Lang[]) {
    for (const q of WORDS[lang]) out.push({ q, lang, typed: false });
    for (let i = 1; i <= TYPED[lang].length; i++) out.push({ q: TYPED[lang].slice(0, i), lang, typed: true });
  }
  return out;
}

interface InProcess {
  buildMs: number;
  records: number;
  documents: number;
  words: number;
  ours: number[];
  oursWords: number[];
  oursTyped: number[];
  answer: number[];
  baseline: number[];
  perLang: Record<Lang, number[]>;
}

/** In-process timings, our search and the baseline alternating query by query. */
async function inProcess(rounds: number): Promise<InProcess> {
  const { loadSnapshot } = await import('../src/data/load-snapshot.js');
  const { searchEngine } = await import('../src/discovery/search-engine.js');
  const { search } = await import('../src/discovery/search.js');
  const { searchAnswer } = await import('../src/discovery/search-answer.js');
  const { searchIndexRecords } = await import('../src/discovery/search-index.js');
  const { foldText, tokenize } = await import('../src/discovery/fold-text.js');
  const snapshot = await loadSnapshot(REAL_DATA);
  const t0 = performance.now();
  const engine = searchEngine(snapshot);
  const buildMs = performance.now() - t0;
  const records = searchIndexRecords(snapshot);
  // The clients' scan: per language, one folded text per record (built once, like their cache).
  const hay = Object.fromEntries(
    (['en', 'de', 'fr', 'it'] as Lang[]).map((lang) => [
      lang,
      records.map((r) => foldText([r.datasetTitle, r.label, ...r.path].map((l) => l[lang] ?? l.en).join(' \r '))),
    ]),
  ) as Record<Lang, string[]>;
  const baselineScan = (q: string, lang: Lang): number => {
    const words = tokenize(q);
    let n = 0;
    for (const text of hay[lang]) if (words.every((w) => text.includes(w))) n++;
    return n;
  };
  const all = queries();
  for (let i = 0; i < 5; i++) {
    for (const { q, lang } of all) {
      search(snapshot, q, lang, 10);
      baselineScan(q, lang);
      searchAnswer(snapshot, q, lang, 10, 'http://x');
    }
  }
  const result: InProcess = {
    buildMs,
    records: records.length,
    documents: engine.docs.length,
    words: engine.vocabulary.length,
    ours: [],
    oursWords: [],
    oursTyped: [],
    answer: [],
    baseline: [],
    perLang: { en: [], de: [], fr: [], it: [] },
  };
  for (let r = 0; r < rounds; r++) {
    for (const { q, lang, typed } of all) {
      let t = performance.now();
      search(snapshot, q, lang, 10);
      const ms = performance.now() - t;
      result.ours.push(ms);
      (typed ? result.oursTyped : result.oursWords).push(ms);
      result.perLang[lang].push(ms);
      t = performance.now();
      searchAnswer(snapshot, q, lang, 10, 'http://x');
      result.answer.push(performance.now() - t);
      t = performance.now();
      baselineScan(q, lang);
      result.baseline.push(performance.now() - t);
    }
  }
  return result;
}

/** Requests per second of cached and uncached /search on our server. */
function overHttp(seconds: number): Promise<Array<{ name: string; result: LoadResult }>> {
  const all = queries();
  return loadOnServe({
    root: ROOT,
    dataDir: REAL_DATA,
    check: { path: '/search?q=preise&lang=de' },
    targets: [
      { name: 'baseline: cached /search (one URL again)', path: '/search?q=preise&lang=de' },
      {
        name: 'uncached /search (every URL new: searches)',
        paths: Array.from({ length: 200_000 }, (_, i) => {
          const { q, lang } = all[i % all.length];
          return `/search?${new URLSearchParams({ q, lang, _: String(i) })}`;
        }),
      },
    ],
    seconds,
    log,
  });
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  installExitHooks();
  const rounds = option('--rounds', 100);
  const seconds = option('--seconds', 8);
  const n = queries().length;
  log(`${n} queries × ${rounds} rounds on ${REAL_DATA}`);
  const loadBefore = loadavg()[0];
  const ip = await inProcess(rounds);
  const load = process.argv.includes('--no-http') ? [] : await overHttp(seconds);
  const git = await runCommand('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT });
  const ours = median(ip.ours);
  const row = (name: string, xs: number[]): string =>
    `| ${name} | ${f(median(xs))} ms | ${f(p95(xs))} ms | ${f(Math.max(...xs))} ms | ${(median(xs) / median(ip.baseline)).toFixed(2)}× |`;
  const lines = [
    `## ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '',
    `Real data: ${ip.records} search-index records; the engine holds ${ip.documents} documents and ${ip.words} distinct words, built in ${f(ip.buildMs)} ms once per snapshot.`,
    `${n} queries (${Object.values(WORDS).flat().length} words and phrases in en/de/fr/it, plus every keystroke of ${Object.values(TYPED).join(', ')}), limit 10, ${rounds} rounds after 5 warm-up rounds.`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadBefore.toFixed(1)} at the start (other work on the machine widens p95 and max); commit ${git.stdout.trim()}.`,
    '',
    '| in process | median | p95 | max | vs baseline |',
    '|---|---|---|---|---|',
    row('baseline: clients’ linear scan of the search index (substring, no ranking)', ip.baseline),
    row('search, all queries', ip.ours),
    row('search, whole words and phrases', ip.oursWords),
    row('search, keystroke prefixes', ip.oursTyped),
    ...(Object.keys(ip.perLang) as Lang[]).map((lang) => row(`search, ${lang} queries`, ip.perLang[lang])),
    row('/search answer (search + selection + URLs of 10 results)', ip.answer),
    '',
    `Search: **${f(ours)} ms** median, ${f(p95(ip.ours))} ms p95 (target median < ${TARGET_MS} ms: ${ours < TARGET_MS ? 'met' : 'NOT met'}).`,
    '',
  ];
  if (load.length) {
    const cachedRps = load[0].result.rps;
    lines.push(
      `| load (wrk, ${seconds} s, 8 connections, loopback) | requests/s | p50 | p99 | server CPU | vs cached |`,
      '|---|---|---|---|---|---|',
      ...load.map(
        (l) =>
          `| ${l.name} | ${Math.round(l.result.rps)} | ${f(l.result.p50Ms)} ms | ${f(l.result.p99Ms)} ms | ${Math.round(l.result.serverCpuPct)} % | ${(l.result.rps / cachedRps).toFixed(2)}× |`,
      ),
      '',
      `Uncached /search: **${Math.round(load[1].result.rps)} requests/s** (errors: ${load.map((l) => l.result.errors).join(', ')}).`,
      '',
    );
  }
  const text = lines.join('\n');
  console.log(text);
  const results = join(ROOT, 'bench', 'RESULTS-search.md');
  if (!existsSync(results)) writeFileSync(results, '# Search benchmark\n\nAppended by `node --import tsx bench/search.ts`, newest last.\n\n');
  appendFileSync(results, text + '\n');
  log(`appended to ${results}`);
}

await main();
