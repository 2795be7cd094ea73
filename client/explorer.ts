/**
 * The dataset explorer in the browser: every change of a picker, the period
 * or the transform updates the state (with the server's rules: no empty
 * combination), the URL (so reload, back/forward and links reproduce the
 * view), the chart (from /series), the snippets, the embed code and the
 * download links. The embed page (`?embed=1`) uses the chart part only and
 * refreshes itself when new data is published.
 */
import { LANGS, type Lang } from '../src/data/model.js';
import { chartWords, fillTemplate, frequencyUnit } from '../src/i18n/chart-text.js';
import { viewFrequency } from '../src/query/convert-frequency.js';
import type { ExplorerData } from '../src/render/pages/explorer-data.js';
import { boundIsoDate } from '../src/query/date-bound.js';
import { attachmentName, SELECTION_OUTPUTS } from '../src/query/selection-outputs.js';
import { buildDownloadLinks } from '../src/render/pages/explorer-links.js';
import { captionTitle, labelSeries, type SeriesData } from '../src/selection/naming.js';
import { fieldLevel, PARAMS, takesBase } from '../src/selection/params.js';
import type { Aggregation, Frequency } from '../src/data/frequency.js';
import { readState } from '../src/selection/read-query.js';
import { countSeries, levelStates, reconcile, statePageUrl, toUrlSelection, type ExplorerState } from '../src/selection/state.js';
import { buildEmbedSnippet, buildSnippets, SNIPPET_TOOLS } from '../src/render/pages/snippets.js';
import { apiUrl } from '../src/urls.js';
import { Chart } from './chart.js';
import { canLog } from '../src/render/pages/figures.js';
import { compareChart, fetchCompared, initCompareSearch, syncCompare } from './compare.js';
import { comparedState } from '../src/selection/compare.js';
import { Figures, showCitation } from './figures.js';
import { watchDataset } from './live.js';
import { nextTask } from './next-task.js';
import { fetchSeries } from './series-fetch.js';
import { withIndexBases } from './index-bases.js';

const EMBED_REFRESH_MS = 10 * 60 * 1000;
/** An answer behind the announced version is asked again after 0.5, 1, 2, 4, 8 and 16 s (a replica reloads within seconds). */
const BEHIND_RETRY_MS = 500;
const BEHIND_RETRIES = 6;

function readData(doc: Document): ExplorerData | null {
  const script = doc.getElementById('explorer-data');
  return script?.textContent ? (JSON.parse(script.textContent) as ExplorerData) : null;
}

/** The state a URL's query describes. */
function stateFromLocation(data: ExplorerData): ExplorerState {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(window.location.search)) (query[k] ??= []).push(v);
  return readState(data.meta, query);
}

/** The attribute the chart's container gets once the chart has drawn and every control works (tests wait for it). */
export const READY_ATTRIBUTE = 'data-ready';

/**
 * Wires the explorer (dataset page) or the chart alone (embed), in several
 * short tasks: the chart first, then the figures and live updates, then the
 * controls; the chart's container gets `data-ready` when all are wired.
 */
export async function initExplorer(doc: Document): Promise<void> {
  const data = readData(doc);
  const container = doc.querySelector<HTMLElement>('[data-chart]');
  if (!data || !container) return;
  const { meta } = data;
  const lang = meta.lang;
  const t = data.strings;
  const status = doc.querySelector<HTMLElement>('[data-status]');
  const form = doc.querySelector<HTMLFormElement>('[data-explorer]');
  let state = data.state;
  let request = 0;

  const caption = (series: SeriesData[]) =>
    labelSeries(
      {
        meta,
        title: data.title,
        units: data.units,
        percentLevels: data.percentLevels,
        fractions: data.fractions,
        transform: state.transform,
        base: state.base,
        ...(state.convert ? { convert: state.convert } : {}),
      },
      series,
    );
  // the dates are named in the frequency the state shows (converted or the dataset's)
  const shownUnit = () => frequencyUnit(viewFrequency(state, data));
  const logSwitch = doc.querySelector<HTMLInputElement>('[data-log]');
  // the series of other datasets on the same chart (src/selection/compare.ts), as last loaded
  let lastCompared: SeriesData[][] = data.compare.map((c) => c.series);
  // whether the values last drawn can take a log axis; where not, the state drops the scale (settleScale, below)
  let logApplies = true;
  let settleScale = (): void => {};
  const chartInput = (series: SeriesData[]) => {
    const c = compareChart(data, state, series, lastCompared);
    logApplies = canLog(c.series);
    if (logSwitch) logSwitch.disabled = !logApplies;
    return {
      series: c.series,
      lang,
      dateUnit: shownUnit(),
      empty: chartWords(lang).noData,
      xLabel: t.period,
      unit: c.unit,
      unit2: c.unit2,
      log: state.scale === 'log' && canLog(c.series),
    };
  };
  let lastSeries: SeriesData[] = data.series;
  const first = chartInput(data.series);
  // the series are read and named in this task, the chart built in the next, drawn in the one after (client/chart.ts)
  await nextTask();
  const chart = new Chart(container, first, data.embed);
  const ready = (): void => container.setAttribute(READY_ATTRIBUTE, '');
  await nextTask();
  const figures = new Figures(doc);
  const showFigures = (series: SeriesData[], render = true): void => {
    figures.show(
      {
        series: compareChart(data, state, series, lastCompared).series,
        dateUnit: shownUnit(),
        lang,
        t,
        transform: state.transform,
        pageHref: statePageUrl('', lang, meta, state),
        diffHref: statePageUrl('', lang, meta, { ...state, transform: 'diff' }),
        levelHref: statePageUrl('', lang, meta, { ...state, transform: 'level' }),
      },
      render,
    );
    if (render) showCitation(doc, statePageUrl(data.baseUrl, lang, meta, state), t);
  };
  // the server drew the figures: only let the table page without reloading
  showFigures(data.series, false);

  const showCaption = (series: SeriesData[]): void => {
    const c = caption(series);
    syncEmbedCode(doc, data, state, c.caption);
    setText(doc, '[data-caption]', c.caption);
    setText(doc, '[data-unit]', c.unit ?? '');
    const figcaption = doc.querySelector<HTMLElement>('.chart-caption');
    if (figcaption) figcaption.hidden = !c.caption && !c.unit;
  };

  /**
   * Fetches the selection's observations and redraws; a newer request wins over an older one.
   * An answer older than the version the live stream announced (another replica, not yet reloaded) is asked again, later.
   */
  const load = async (quiet = false, fresh = false, attempt = 0): Promise<void> => {
    const mine = ++request;
    const dims = meta.dims.map((d) => d.id);
    const asked = state;
    const url = apiUrl('', 'series', toUrlSelection(meta, asked), dims);
    if (!quiet && status) status.textContent = t.loading;
    container.setAttribute('aria-busy', 'true');
    try {
      const [own, compared] = await Promise.all([
        fetchSeries(url, meta.id, dims, fresh).then((f) => withIndexBases(meta, asked, f, fresh)),
        fetchCompared(data, asked, fresh),
      ]);
      if (mine !== request) return;
      const series = own.series;
      lastSeries = series;
      lastCompared = compared.map((c) => c.series);
      syncCompare(doc, data, state, lastCompared);
      if (fresh) chart.refresh(chartInput(series));
      else chart.update(chartInput(series));
      showCaption(series);
      showFigures(series);
      settleScale();
      if (status) status.textContent = '';
      if (((own.behind && !asked.asOf) || compared.some((c) => c.behind)) && attempt < BEHIND_RETRIES) {
        window.setTimeout(() => void load(true, true, attempt + 1), BEHIND_RETRY_MS * 2 ** attempt);
      }
    } catch (error) {
      if (mine === request && status) status.textContent = fillTemplate(t.loadFailed, { error: (error as Error).message });
    } finally {
      if (mine === request) container.removeAttribute('aria-busy');
    }
  };

  // new data published: fetch the same selection again (revalidating the browser's copy), keeping the zoom;
  // a page as of a vintage (as_of) shows what was published then, which no publish changes
  const pinned = data.state.asOf !== undefined;
  if (!pinned) watchDataset(meta.id, data.version, () => void load(true, true));
  for (const c of data.compare) watchDataset(c.ref.datasetId, c.version, () => void load(true, true));
  // a selection larger than a page inlines comes from /series (issue 12)
  if (data.seriesDeferred || data.compare.some((c) => c.seriesDeferred)) void load(true);
  if (data.embed) {
    if (!pinned) window.setInterval(() => void load(true, true), EMBED_REFRESH_MS);
    return ready();
  }
  if (!form) return ready();
  await nextTask();

  // the state in the form, the URL and every link
  const show = (next: ExplorerState, push: boolean): void => {
    state = next;
    syncForm(form, data, state);
    const url = statePageUrl('', lang, meta, state);
    if (push && url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
    syncLinks(doc, data, state, caption(lastSeries).caption);
  };
  const apply = (next: ExplorerState, push: boolean): void => {
    show(next, push);
    void load();
  };
  settleScale = (): void => {
    if (state.scale !== 'log' || logApplies) return;
    // values a log axis cannot take (yoy across zero): the URL and the switch drop the scale, as the server does (issue 23)
    const linear: ExplorerState = { ...state };
    delete linear.scale;
    show(linear, false);
    window.history.replaceState(null, '', statePageUrl('', lang, meta, state));
  };

  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement | HTMLSelectElement;
    if (input.matches('[data-level-filter]')) return;
    if (input.matches('[data-log]')) {
      // how the chart draws, not which data: no new request
      const next: ExplorerState = { ...state, scale: 'log' };
      if (!(input as HTMLInputElement).checked) delete next.scale;
      show(next, true);
      chart.update(chartInput(lastSeries));
      return;
    }
    apply(readChange(form, data, state, input), true);
  });
  for (const chip of form.querySelectorAll<HTMLAnchorElement>('[data-period] a.chip')) {
    chip.addEventListener('click', (e) => {
      e.preventDefault();
      apply({ ...state, from: chip.dataset.from || null, to: null }, true);
    });
  }
  initLevelFilters(form);
  // the aggregation and partial fields wait for a frequency (the page without JavaScript sends them all at once)
  syncConversion(form, state);
  initCompareSearch(doc, data, () => state);
  // adding or removing a compared series loads a new page: moving in this page's history keeps them
  window.addEventListener('popstate', () => apply({ ...stateFromLocation(data), compare: state.compare }, false));
  // a lenient read may have corrected the URL (unknown code, swapped dates): show the state's own URL
  const own = statePageUrl('', lang, meta, state);
  if (own !== window.location.pathname + window.location.search) window.history.replaceState(null, '', own);
  ready();
}

/** The state after one form control changed. */
function readChange(form: HTMLFormElement, data: ExplorerData, state: ExplorerState, input: HTMLInputElement | HTMLSelectElement): ExplorerState {
  const { name, value } = input;
  if (name === 'transform') return { ...state, transform: value, base: null };
  if (name === 'base' && input.closest('[data-base-picker]')) return { ...state, base: value || null };
  if (input.closest('[data-frequency]')) return readConversion(form, state);
  if (name === 'from' || name === 'to') {
    let from = name === 'from' ? value || null : state.from;
    let to = name === 'to' ? value || null : state.to;
    // the other bound may be relative (-5y): compare the dates they stand for
    const end = data.span.end;
    if (from && to && (boundIsoDate(from, end) ?? '') > (boundIsoDate(to, end) ?? '')) [from, to] = [to, from];
    return { ...state, from, to };
  }
  const changed = fieldLevel(name, value);
  const dim = data.meta.dims.find((d) => d.id === changed.dim);
  if (!dim) return state;
  let codes: string[];
  if (dim.mode === 'multi') {
    codes = [...form.querySelectorAll<HTMLInputElement>(`input[type=checkbox]`)]
      .filter((i) => i.checked && fieldLevel(i.name, i.value).dim === dim.id)
      .map((i) => fieldLevel(i.name, i.value).code);
    // the last checked box cannot be unchecked: a selection always shows something
    if (codes.length === 0 && input instanceof HTMLInputElement) {
      input.checked = true;
      codes = [changed.code];
    }
  } else codes = [changed.code];
  return reconcile(data.meta, { ...state, dims: { ...state.dims, [dim.id]: codes } }, dim.id);
}

/**
 * The state with the frequency control's conversion (pickers.ts
 * renderFrequencySwitch): none without a frequency; an empty aggregation is
 * the table's default, as the form without JavaScript sends it.
 */
function readConversion(form: HTMLFormElement, state: ExplorerState): ExplorerState {
  const field = (name: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-convert="${name}"]`);
  const next: ExplorerState = { ...state };
  delete next.convert;
  const frequency = field('frequency')?.value ?? '';
  if (!frequency) return next;
  const partial = field('partial');
  return {
    ...next,
    convert: {
      frequency: frequency as Frequency,
      aggregation: (field('aggregation')?.value || PARAMS.aggregation.default) as Aggregation,
      partial: partial instanceof HTMLInputElement && partial.checked,
    },
  };
}

/** Puts a state's conversion into the frequency control: the aggregation and `partial` only apply with a frequency. */
function syncConversion(form: HTMLFormElement, state: ExplorerState): void {
  const field = (name: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-convert="${name}"]`);
  const frequency = field('frequency');
  const aggregation = field('aggregation');
  const partial = field('partial');
  if (frequency) frequency.value = state.convert?.frequency ?? '';
  if (aggregation) {
    const agg = state.convert?.aggregation ?? PARAMS.aggregation.default;
    aggregation.value = agg === PARAMS.aggregation.default ? '' : agg;
    aggregation.disabled = !state.convert;
  }
  if (partial instanceof HTMLInputElement) {
    partial.checked = state.convert?.partial ?? false;
    partial.disabled = !state.convert;
  }
}

/** Puts a state into the form: checked, selected, disabled (no series) and "adjusts others" controls. */
function syncForm(form: HTMLFormElement, data: ExplorerData, state: ExplorerState): void {
  const t = data.strings;
  data.meta.dims.forEach((dim, d) => {
    const states = levelStates(data.meta, state, d);
    const picked = new Set(state.dims[dim.id] ?? []);
    const index = new Map(dim.levels.map((l, i) => [l.code, i]));
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLOptionElement>('input, option')) {
      const owner = el instanceof HTMLOptionElement ? el.parentElement : el;
      if (!(owner instanceof HTMLInputElement || owner instanceof HTMLSelectElement)) continue;
      // a dimension named like a parameter sends dims=dim=code (selection/params.ts dimensionField)
      const field = fieldLevel(owner.name, el.value);
      if (field.dim !== dim.id || !index.has(field.code)) continue;
      const level = states[index.get(field.code)!];
      const off = dim.mode === 'multi' ? level !== 'on' : level === 'off';
      el.disabled = off;
      const item = el.closest<HTMLElement>('.level, .seg');
      item?.classList.toggle('is-off', off);
      item?.classList.toggle('is-adjusts', level === 'adjusts' && !off);
      if (item?.classList.contains('seg')) item.title = level === 'adjusts' ? t.adjustsOthers : '';
      if (el instanceof HTMLOptionElement) {
        el.selected = picked.has(field.code);
        const note = level === 'off' ? ` (${t.noDataForCombination})` : level === 'adjusts' ? ` (${t.adjustsOthers})` : '';
        el.textContent = (el.dataset.label ?? el.textContent ?? '') + note;
      } else el.checked = picked.has(field.code);
    }
  });
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name=transform]')) input.checked = input.value === state.transform;
  syncConversion(form, state);
  const log = form.querySelector<HTMLInputElement>('[data-log]');
  if (log) log.checked = state.scale === 'log';
  const base = form.querySelector<HTMLInputElement>('[data-base-picker] input');
  const picker = form.querySelector<HTMLElement>('[data-base-picker]');
  if (base && picker) {
    picker.hidden = !takesBase(state.transform);
    base.disabled = !takesBase(state.transform);
    base.value = state.base ?? '';
  }
  const from = form.querySelector<HTMLInputElement>('input[name=from]');
  const to = form.querySelector<HTMLInputElement>('input[name=to]');
  if (from) from.value = boundIsoDate(state.from, data.span.end) ?? '';
  if (to) to.value = boundIsoDate(state.to, data.span.end) ?? '';
  for (const chip of form.querySelectorAll<HTMLAnchorElement>('[data-period] a.chip')) {
    const active = (chip.dataset.from || null) === state.from && state.to === null;
    chip.classList.toggle('is-active', active);
    if (active) chip.setAttribute('aria-current', 'true');
    else chip.removeAttribute('aria-current');
  }
}

function setText(doc: Document, selector: string, text: string): void {
  const el = doc.querySelector(selector);
  if (el) el.textContent = text;
}

/** The embed code of the selection, titled as /oembed titles it: the dataset's title and the naming model's caption. */
function syncEmbedCode(doc: Document, data: ExplorerData, state: ExplorerState, caption: string): void {
  setText(doc, '[data-embed-snippet]', buildEmbedSnippet({ baseUrl: data.baseUrl, meta: data.meta, state, title: captionTitle(data.title, caption) }));
}

/**
 * Rewrites everything that names the selection: snippets, embed code and preview, downloads, language links, period links.
 * `caption` is the naming model's caption of the series last shown (the embed code is titled again when the new ones arrive).
 */
function syncLinks(doc: Document, data: ExplorerData, state: ExplorerState, caption: string): void {
  const { meta } = data;
  const lang = meta.lang;
  const t = data.strings;
  const input = {
    baseUrl: data.baseUrl,
    meta,
    state,
    transformName: t.transforms[state.transform as keyof typeof t.transforms] ?? state.transform,
    transformNote: t.codeTransformNote,
    csvNote: t.codeCsvNote,
    excelHint: t.excelHint,
  };
  const snippets = buildSnippets(
    input,
    data.compare.map((c) => ({ ...input, meta: c.meta, state: comparedState(state, c) })),
  );
  for (const tool of SNIPPET_TOOLS) setText(doc, `[data-snippet="${tool}"]`, snippets[tool]);
  syncEmbedCode(doc, data, state, caption);
  const preview = doc.querySelector<HTMLIFrameElement>('[data-embed-preview]');
  const previewSrc = statePageUrl('', lang, meta, state, [['embed', '1']]);
  if (preview && preview.getAttribute('src') !== previewSrc) {
    // a new element, not a new src: changing an iframe's src adds a history entry, and Back would go to the old preview
    const fresh = preview.cloneNode() as HTMLIFrameElement;
    fresh.setAttribute('src', previewSrc);
    preview.replaceWith(fresh);
  }
  const links = buildDownloadLinks(meta, state, lang);
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[data-download]')) {
    const kind = a.dataset.download as keyof typeof links;
    if (links[kind]) a.href = links[kind];
    if (kind !== 'api' && SELECTION_OUTPUTS[kind].attachment === 'never' && a.hasAttribute('download'))
      a.download = attachmentName(kind, meta.id, state.transform);
  }
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('.lang-switch a[data-lang]')) {
    const l = a.dataset.lang as Lang;
    if (LANGS.includes(l)) a.href = statePageUrl('', l, meta, state);
  }
  for (const chip of doc.querySelectorAll<HTMLAnchorElement>('[data-period] a.chip')) {
    chip.href = statePageUrl('', lang, meta, { ...state, from: chip.dataset.from || null, to: null });
  }
  const count = doc.querySelector<HTMLElement>('[data-series-count]');
  if (count) {
    const n = countSeries(meta, state);
    const plural = new Intl.PluralRules(lang === 'en' ? 'en-GB' : `${lang}-CH`).select(n) === 'one';
    count.textContent = (plural ? count.dataset.one : count.dataset.other)?.replace('{n}', String(n)) ?? String(n);
  }
}

/** Filter boxes above long level lists: hide the levels whose label lacks the typed text. */
function initLevelFilters(form: HTMLFormElement): void {
  const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-level-filter]')) {
    const box = input.closest<HTMLElement>('.level-filter');
    const list = box?.nextElementSibling;
    if (!box || !list) continue;
    box.hidden = false;
    input.addEventListener('input', () => {
      const q = fold(input.value.trim());
      const items = [...list.querySelectorAll<HTMLElement>('li')];
      const shown = visibleLevels(items.map((li) => ({ depth: Number(li.dataset.depth ?? 0), match: q === '' || fold(li.textContent ?? '').includes(q) })));
      items.forEach((li, i) => (li.hidden = !shown[i]));
    });
  }
}

/**
 * Which levels of a filtered hierarchy stay visible: a match, everything
 * under a matching group (so its selectable levels can be picked) and the
 * groups above a match (so it is seen in its place).
 */
export function visibleLevels(levels: { depth: number; match: boolean }[]): boolean[] {
  const shown = levels.map(() => false);
  const above: number[] = [];
  levels.forEach((level, i) => {
    while (above.length && levels[above[above.length - 1]].depth >= level.depth) above.pop();
    shown[i] = level.match || above.some((a) => levels[a].match);
    if (shown[i]) for (const a of above) shown[a] = true;
    above.push(i);
  });
  return shown;
}
