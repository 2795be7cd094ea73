/**
 * The view model of a dataset page (and of its `?embed=1` chart): header
 * facts, the explorer's state read from the URL, the selection computed once
 * (chart fallback SVG, inline data for the bundle), snippets, embed code and
 * download links.
 */
import { formatIsoDate } from '../../data/dates.js';
import type { Dataset, Lang, Snapshot } from '../../data/model.js';
import { formatCount, formatDay, formatFrequency, formatSpan } from '../../i18n/format.js';
import { fallbackLang, pickLabel } from '../../i18n/labels.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { computeView } from '../../query/compute-view.js';
import { viewFrequency } from '../../query/convert-frequency.js';
import { findDataset } from '../../query/parse-selection.js';
import type { SelectionView } from '../../query/view.js';
import { oembedUrl, ogImageUrl, pageUrl, sitePageUrl, vintagesUrl } from '../../urls.js';
import { fillTemplate, frequencyUnit } from '../../i18n/chart-text.js';
import { renderChartSvg } from '../chart-svg.js';
import { html } from '../html.js';
import type { LayoutView } from '../layout.js';
import { buildExplorerMeta, buildExplorerUnits, fractionKeys, selectionTitle, toSelection } from '../../selection/from-dataset.js';
import { buildDownloadLinks, type DownloadKind } from './explorer-links.js';
import type { ExplorerData } from './explorer-data.js';
import { captionTitle, labelSeries, seriesKey, type SeriesCaption, type SeriesData } from '../../selection/naming.js';
import { readPageQuery } from '../../selection/read-query.js';
import { comparedState, nameCompared, type ComparedSeries } from '../../selection/compare.js';
import { buildCompared, compareDropsOf } from './compare-view.js';
import { canLog } from './figures.js';
import { buildCompareCard, type CompareCard } from './compare-card.js';
import { compareWords } from '../../i18n/compare-text.js';
import { statePageUrl, toUrlSelection, type ExplorerMeta, type ExplorerState, type PageQuery } from '../../selection/state.js';
import { licenseAnchor, licenseName } from './licenses.js';
import { layoutOf, type Site } from './site.js';
import type { CitationInput } from './citation.js';
import { buildEmbedSnippet, buildSnippets, type SnippetTool } from './snippets.js';
import { buildRevisions } from './revisions.js';
import type { RevisionsCardInput } from './revisions-card.js';
import { stampFileName } from '../../data/vintage-stamp.js';

/** A period shortcut ("10 years"): a link for the page without JavaScript. */
export interface Preset {
  label: string;
  href: string;
  from: string | null;
  active: boolean;
}

/** Everything the dataset page shows. */
export interface DatasetView {
  layout: LayoutView;
  t: UiStrings;
  data: ExplorerData;
  title: string;
  description: string;
  notes: string;
  /** the language of the title, description and notes where it is not the page's (a fallback to English) */
  textLangs: { title?: Lang; description?: Lang; notes?: Lang };
  facts: {
    source: { name: string; url: string | null };
    license: { name: string; href: string | null };
    frequency: string;
    span: string;
    updated: string | null;
    series: string;
    id: string;
  };
  topic: { name: string; href: string } | null;
  datasetsHref: string;
  caption: SeriesCaption;
  /** the series the headline and the table show: the page's, then the compared ones (labelled by dataset when there are some) */
  shown: ComparedSeries[];
  /** the Compare card: compared series with their links, the notes */
  compare: CompareCard;
  chartSvg: string;
  snippets: Record<SnippetTool, string>;
  embedSnippet: string;
  links: Record<DownloadKind | 'api', string>;
  formAction: string;
  presets: Preset[];
  /** the full page of the current selection (the embed links back to it) */
  fullPageHref: string;
  /** the embed page of the current selection (relative), for the preview */
  embedPreviewHref: string;
  sourceLine: string;
  /** the page of the table asked for (`tp`, 1 = newest) */
  tablePage: number;
  /** the same view with another transform: the fixes the chart's warning offers (chart-notes.ts chartWarning) */
  fixHrefs: { diff: string; level: string };
  citation: CitationInput;
  /** the revisions card (issue 21); null for a dataset of one vintage */
  revisions: RevisionsCardInput | null;
}

const PRESET_YEARS = [5, 10, 20];

/** The chart fallback's size (the interactive chart takes the width of its box). */
export const FALLBACK_CHART = { width: 960, height: 440 } as const;

/**
 * The widths of the chart images a page without JavaScript offers
 * (/chart.svg, `srcset`): the browser takes the one nearest the width the
 * chart is shown at, so a phone's axis labels stay legible (the 960 px chart
 * shrunk to 360 px wrote 3 px text); each about 15 % wider than the one
 * before. Narrow charts are relatively taller.
 */
export const NOSCRIPT_CHART_WIDTHS = [320, 360, 410, 470, 540, 620, 710, 820, 940, 1080, 1240, 1420, 1640] as const;

/** The height of a no-JavaScript chart image of a width. */
export function noscriptChartHeight(width: number): number {
  return Math.max(300, Math.round(width * 0.46));
}

/**
 * The width the chart is shown at (`sizes`), as client/styles lay it out: the
 * embed fills its frame; the page's chart column is the screen less its
 * margins, beside the selection box above 960 px, within the page's width.
 */
export function noscriptChartSizes(embed: boolean, single: boolean): string {
  if (embed) return 'calc(100vw - 30px)';
  return single
    ? '(max-width: 960px) calc(100vw - 80px), min(1140px, calc(100vw - 140px))'
    : '(max-width: 960px) calc(100vw - 80px), min(820px, calc(100vw - 420px))';
}

/**
 * Most observations a page inlines (about 1 MB of JSON, the same for its
 * fallback chart): a larger selection is inlined up to the budget, whole
 * series first, and the bundle loads all of it from /series (issue 12: a
 * 7M-row dataset's page inlined 41 MB of HTML).
 */
export const PAGE_INLINE_OBSERVATIONS = 50_000;

/** A day as ISO, null when there is none (NaN). */
const isoOrNull = (days: number): string | null => (Number.isNaN(days) ? null : formatIsoDate(days));

/** The leading series of a view that fit the page's budget, and whether some were left out. */
function withinBudget(view: SelectionView): { view: SelectionView; deferred: boolean } {
  if (view.observations <= PAGE_INLINE_OBSERVATIONS) return { view, deferred: false };
  let observations = 0;
  const series = view.series.filter((s) => (observations + s.dates.length <= PAGE_INLINE_OBSERVATIONS ? ((observations += s.dates.length), true) : false));
  return { view: { ...view, series, observations }, deferred: true };
}

/** What a page inlines of a computed selection: its leading series within the budget. */
function inlineSeries(computed: SelectionView): { series: SeriesData[]; deferred: boolean } {
  const { view, deferred } = withinBudget(computed);
  return { series: seriesData(view), deferred };
}

function seriesData(view: SelectionView): SeriesData[] {
  return view.series.map((s) => ({
    codes: s.codes,
    dates: Array.from(s.dates),
    values: Array.from(s.values, (v) => (Number.isNaN(v) ? null : v)),
    ...(s.base === undefined ? {} : { indexBase: Number.isNaN(s.base) ? null : s.base }),
  }));
}

/** The period shortcuts: relative windows (`from=-5y`), so a shared "last 5 years" link or embed rolls forward (issue 15). */
function buildPresets(ds: Dataset, meta: ExplorerMeta, state: ExplorerState, t: UiStrings, lang: Lang): Preset[] {
  const end = ds.store.end;
  if (Number.isNaN(end)) return [];
  const spanYears = (end - ds.store.start) / 365.25;
  const presets: Preset[] = PRESET_YEARS.filter((y) => y < spanYears).map((y) => {
    const from = `-${y}y`;
    return { label: fillTemplate(t.dataset.lastYears, { n: y }), from, href: '', active: state.from === from && state.to === null };
  });
  presets.push({ label: t.dataset.allYears, from: null, href: '', active: state.from === null && state.to === null });
  return presets.map((p) => ({ ...p, href: statePageUrl('', lang, meta, { ...state, from: p.from, to: null }) }));
}

/**
 * Builds the dataset page of a page URL's query in a language, of the
 * dataset or of the view of it published at the query's `as_of` (routes/as-of.ts).
 * @example buildDatasetView(snapshot, 'de', site, 'ch_seco_concon', { structure: 'ks_i63_index_q' }, false)
 */
export function buildDatasetView(
  snapshot: Snapshot,
  lang: Lang,
  site: Site,
  id: string,
  query: PageQuery,
  embed: boolean,
  ds: Dataset = findDataset(snapshot, id),
): DatasetView {
  const t = uiStrings(lang);
  const meta = buildExplorerMeta(ds, lang);
  const read = readPageQuery(meta, query);
  const { compared, drops } = buildCompared(snapshot, lang, t, read.state, inlineSeries);
  // the state names only the compared series the page shows, so every URL it writes (languages, snippets, embed) is clean
  const state: ExplorerState = { ...read.state, compare: compared.map((c) => c.ref) };
  if (!compared.length) delete state.compare;
  const selection = toSelection(ds, meta, state);
  // the frequency the selection shows: converted, or the dataset's own (names its dates, headline and index base)
  const showsFrequency = viewFrequency(selection, ds);
  const { view: selectionView, deferred } = withinBudget(computeView(ds, selection));
  const title = pickLabel(ds.meta.title, lang);
  const units = buildExplorerUnits(ds, lang);
  const series = seriesData(selectionView);
  const data: ExplorerData = {
    meta,
    title,
    units,
    percentLevels: ds.meta.percentLevels,
    fractions: fractionKeys(ds),
    baseUrl: site.baseUrl,
    dateUnit: frequencyUnit(showsFrequency),
    span: { start: Number.isNaN(ds.store.start) ? null : formatIsoDate(ds.store.start), end: isoOrNull(selectionView.convertedEnd ?? ds.store.end) },
    state,
    series,
    seriesDeferred: deferred,
    strings: t.dataset,
    embed,
    version: ds.version,
    frequencyName: formatFrequency(showsFrequency, t),
    compare: compared,
    // the bundle rewrites the card only when there are compared series: only then does it need its words
    ...(compared.length ? { compareWords: compareWords(lang) } : {}),
  };
  const caption = labelSeries(
    {
      meta,
      title,
      units,
      percentLevels: data.percentLevels,
      fractions: data.fractions,
      transform: state.transform,
      base: state.base,
      ...(selection.convert ? { convert: selection.convert } : {}),
    },
    series,
  );
  // the revisions are of the latest data: a page of a past vintage (as_of) has none
  const revisions = state.asOf ? null : buildRevisions(ds, meta, selectionView.series, lang, title);
  if (revisions && !embed)
    data.revised = revisions.since.map((s) => ({
      vintage: stampFileName(s.vintage),
      points: s.points.map((p) => [seriesKey(series[p.series].codes), p.date]),
    }));
  const shown = nameCompared([{ dataset: data, series }, ...compared.map((c) => ({ dataset: c, series: c.series }))], state.transform, state.base).series;
  // a log scale the values cannot take (yoy across zero) leaves the state before any URL or the inline data is written (issue 23)
  if (state.scale === 'log' && !canLog(shown)) delete state.scale;
  const license = licenseName(snapshot, ds.meta.license, lang);
  const source = pickLabel(ds.meta.source.name, lang);
  const description = pickLabel(ds.meta.description, lang);
  const snippetInput = {
    baseUrl: site.baseUrl,
    meta,
    state,
    transformName: t.dataset.transforms[state.transform as keyof UiStrings['dataset']['transforms']] ?? state.transform,
    transformNote: t.dataset.codeTransformNote,
    csvNote: t.dataset.codeCsvNote,
    excelHint: t.dataset.excelHint,
  };
  const head = `${title}${description ? ` — ${description}` : ''}`;
  return {
    layout: layoutOf(site, lang, (base, l) => statePageUrl(base, l, meta, state, embed ? [['embed', '1']] : []), {
      // the naming model's caption: what the shown series share (src/selection/naming.ts)
      title: captionTitle(title, caption.caption),
      description: description || head,
      active: 'datasets',
      page: embed ? 'embed' : 'dataset',
      noindex: embed,
      bare: embed,
      head: html`<meta property="og:type" content="website" />
        <meta property="og:image" content="${ogImageUrl(site.baseUrl, ds.meta.id, lang)}" />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta name="twitter:card" content="summary_large_image" />
        <link
          rel="alternate"
          type="application/json+oembed"
          href="${oembedUrl(site.baseUrl, statePageUrl(site.baseUrl, lang, meta, state))}"
          title="${title}"
        />
        <link rel="alternate" type="application/atom+xml" href="${vintagesUrl(site.baseUrl, ds.meta.id, 'atom')}" title="${title} (Atom)" />`,
    }),
    t,
    data,
    title,
    description,
    notes: pickLabel(ds.meta.notes, lang),
    textLangs: { title: fallbackLang(ds.meta.title, lang), description: fallbackLang(ds.meta.description, lang), notes: fallbackLang(ds.meta.notes, lang) },
    facts: {
      source: { name: source, url: ds.meta.source.url },
      license: {
        name: license,
        href:
          snapshot.licenses.has(ds.meta.license) || snapshot.licenses.size === 0
            ? `${sitePageUrl('', lang, '/licenses')}#${licenseAnchor(ds.meta.license)}`
            : null,
      },
      frequency: formatFrequency(ds.meta.frequency, t),
      span: formatSpan(ds.store.start, ds.store.end, ds.meta.frequency, lang),
      updated: formatDay(ds.meta.updated, lang),
      series: formatCount(t.seriesCount, ds.store.count, lang),
      id: ds.meta.id,
    },
    topic: ds.meta.topic ? { name: pickLabel(ds.meta.topic.name, lang), href: `${sitePageUrl('', lang, '/')}#topic-${ds.meta.topic.key}` } : null,
    datasetsHref: sitePageUrl('', lang, '/datasets'),
    caption,
    shown,
    compare: buildCompareCard(data, [...compareDropsOf(read.problems), ...drops], compareWords(lang)),
    chartSvg: renderChartSvg(selectionView, { lang, ...FALLBACK_CHART, bare: true, licenseName: license }),
    snippets: buildSnippets(
      snippetInput,
      compared.map((c) => ({ ...snippetInput, meta: c.meta, state: comparedState(state, c) })),
    ),
    embedSnippet: buildEmbedSnippet({ baseUrl: site.baseUrl, meta, state, title: selectionTitle(ds, toUrlSelection(meta, state), lang) }),
    links: buildDownloadLinks(meta, state, lang),
    formAction: pageUrl('', lang, { datasetId: ds.meta.id }),
    presets: buildPresets(ds, meta, state, t, lang),
    fullPageHref: statePageUrl('', lang, meta, state),
    embedPreviewHref: statePageUrl('', lang, meta, state, [['embed', '1']]),
    sourceLine: [source, license].filter((s) => s !== '').join(' · '),
    tablePage: Number(Array.isArray(query.tp) ? query.tp[0] : query.tp) || 1,
    fixHrefs: { diff: statePageUrl('', lang, meta, { ...state, transform: 'diff' }), level: statePageUrl('', lang, meta, { ...state, transform: 'level' }) },
    citation: {
      source,
      title,
      datasetId: ds.meta.id,
      url: statePageUrl(site.baseUrl, lang, meta, state),
      version: ds.version,
      updated: ds.meta.updated,
      accessed: new Date().toISOString().slice(0, 10),
      lang,
    },
    revisions: revisions && !embed ? { revisions, labels: caption.series.map((s) => s.label), words: t.dataset.vintages, lang, dateUnit: data.dateUnit } : null,
  };
}
