/**
 * The compared series of a dataset page, checked against the loaded data:
 * each `compare` ref of the page state (src/selection/compare.ts) is read
 * against its dataset with the one page reader (readPageQuery), computed with
 * the page's period and transform, and embedded for the bundle. A ref whose
 * dataset or codes do not exist is left out with a note; nothing throws.
 */
import type { Dataset, Lang, Snapshot } from '../../data/model.js';
import { frequencyUnit } from '../../i18n/chart-text.js';
import { formatFrequency } from '../../i18n/format.js';
import { pickLabel } from '../../i18n/labels.js';
import type { UiStrings } from '../../i18n/strings.js';
import { computeView } from '../../query/compute-view.js';
import { viewFrequency } from '../../query/convert-frequency.js';
import type { SelectionView } from '../../query/view.js';
import { compareDrop, comparedState, MAX_COMPARE, type CompareDrop, type ComparedData, type CompareRef } from '../../selection/compare.js';
import { buildExplorerMeta, buildExplorerUnits, fractionKeys, toSelection } from '../../selection/from-dataset.js';
import type { SeriesData } from '../../selection/naming.js';
import type { QueryProblem } from '../../selection/read-query.js';
import { readPageQuery } from '../../selection/read-query.js';
import { countSeries, toUrlSelection, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';
import { formatCompare } from '../../urls.js';

/** The compared series a page can show, and the refs it left out. */
export interface ComparedView {
  compared: ComparedData[];
  drops: CompareDrop[];
}

/** The page's rule for what of a computed selection it inlines (dataset-view.ts: the observation budget). */
export type Inline = (view: SelectionView) => { series: SeriesData[]; deferred: boolean };

/** The drops the page reader found in the `compare` parameters (malformed, duplicate, over the cap). */
export function compareDropsOf(problems: QueryProblem[]): CompareDrop[] {
  return problems
    .filter((p) => p.parameter === 'compare')
    .map((p) => ({ value: String(p.facts.value ?? ''), reason: (p.facts.reason as CompareDrop['reason']) ?? 'malformed', detail: p.message }));
}

/**
 * Reads and computes the compared selections of a page state in a language.
 * @example buildCompared(snapshot, 'en', t, state, inline).compared[0].ref.datasetId
 */
export function buildCompared(snapshot: Snapshot, lang: Lang, t: UiStrings, state: ExplorerState, inline: Inline): ComparedView {
  const compared: ComparedData[] = [];
  const drops: CompareDrop[] = [];
  for (const ref of state.compare ?? []) {
    if (compared.length >= MAX_COMPARE) {
      drops.push(compareDrop(formatCompare(ref), 'too_many', 'compareTooMany'));
      continue;
    }
    const out = compareOne(snapshot, lang, t, state, ref, inline);
    if ('reason' in out) drops.push(out);
    else compared.push(out);
  }
  return { compared, drops };
}

/** A compared selection read against its dataset: the dataset, its explorer meta and the state with the page's period and transform. */
export interface ComparedSelection {
  ds: Dataset;
  meta: ExplorerMeta;
  state: ExplorerState;
}

/**
 * Reads one compared selection against its dataset with the one page reader
 * (readPageQuery), with the page's period and transform; a drop when the
 * dataset or its codes do not exist. The page and the chart images
 * (src/routes/chart-display.ts) read `compare` with it.
 * @example readComparedSelection(snapshot, 'en', state, { datasetId: 'ch_fso_ppi', dims: {} })
 */
export function readComparedSelection(snapshot: Snapshot, lang: Lang, page: ExplorerState, ref: CompareRef): ComparedSelection | CompareDrop {
  const value = formatCompare(ref);
  const ds = snapshot.datasets.get(ref.datasetId);
  if (!ds) return compareDrop(value, 'unknown_dataset', 'compareUnknownDataset', { dataset: ref.datasetId });
  const meta = buildExplorerMeta(ds, lang);
  const read = readPageQuery(meta, ref.dims);
  if (read.problems.length) return { value, reason: 'bad_selection', detail: read.problems[0].message };
  if (countSeries(meta, read.state) === 0) return compareDrop(value, 'no_series', 'compareNoSeries', { dataset: ref.datasetId });
  return { ds, meta, state: comparedState(page, { dims: read.state.dims, meta }) };
}

function compareOne(snapshot: Snapshot, lang: Lang, t: UiStrings, page: ExplorerState, ref: CompareRef, inline: Inline): ComparedData | CompareDrop {
  const read = readComparedSelection(snapshot, lang, page, ref);
  if ('reason' in read) return read;
  const { ds, meta: full, state } = read;
  const view = computeView(ds, toSelection(ds, full, state));
  const { series, deferred } = inline(view);
  // a converted compared dataset is named and dated by the frequency it is drawn at
  const frequency = viewFrequency(view.selection, ds);
  return {
    // the bundle names series from the levels; the combinations are for pickers, which a compared dataset does not have
    meta: { ...full, combos: [] },
    title: pickLabel(ds.meta.title, lang),
    units: buildExplorerUnits(ds, lang),
    percentLevels: ds.meta.percentLevels,
    fractions: fractionKeys(ds),
    frequencyName: formatFrequency(frequency, t),
    ref: { datasetId: ds.meta.id, dims: toUrlSelection(full, state).dims ?? {} },
    dims: state.dims,
    dateUnit: frequencyUnit(frequency),
    series,
    seriesDeferred: deferred,
    version: ds.version,
  };
}
