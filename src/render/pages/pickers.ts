/**
 * The explorer's form: one picker per dimension (checkboxes for several
 * codes, radio buttons or a list box for one), the period and the transform.
 * It is a plain GET form, so the page works without JavaScript; the bundle
 * applies every change at once instead. Grouping levels (`data: false`) are
 * headers, levels follow the hierarchy's indentation, and levels that would
 * give an empty combination are disabled.
 */
import type { UiStrings } from '../../i18n/strings.js';
import { boundIsoDate, isRelativeBound } from '../../query/date-bound.js';
import { html, type SafeHtml } from '../html.js';
import { dimensionField, PARAMS } from '../../selection/params.js';
import { aggregationName } from '../../i18n/conversion-text.js';
import type { Aggregation, Frequency } from '../../data/frequency.js';
import { FORM_WINDOWS } from '../../selection/read-query.js';
import { levelStates, type ExplorerDim, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';
import type { Preset } from './dataset-view.js';
import { langAttr } from './components.js';

type LevelState = 'on' | 'adjusts' | 'off';

/** Radio buttons for a single choice up to this many levels (without hierarchy); a list box above. */
const MAX_RADIOS = 5;
/** A filter box above checkbox lists longer than this. */
export const FILTER_FROM = 12;

function fieldId(dim: ExplorerDim): string {
  return `pick-${dim.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The name and value of a level's form field (a dimension named like a parameter is sent in dims: selection/params.ts). */
function field(dim: ExplorerDim, code: string): SafeHtml {
  const f = dimensionField(dim.id, code);
  return html`name="${f.name}" value="${f.value}"`;
}

function legend(dim: ExplorerDim, t: UiStrings): SafeHtml {
  return html`<legend>
    <span class="picker-label" ${langAttr(dim.lang)}>${dim.label}</span>
    <span class="picker-hint">${dim.mode === 'single' ? t.dataset.chooseOne : t.dataset.chooseSeveral}</span>
  </legend>`;
}

function renderCheckboxes(dim: ExplorerDim, picked: Set<string>, states: LevelState[], t: UiStrings): SafeHtml {
  const items = dim.levels.map((l, i) => {
    if (!l.data) return html`<li class="level-group" style="--depth:${l.depth}" data-depth="${l.depth}" ${langAttr(l.lang)}>${l.label}</li>`;
    const off = states[i] !== 'on';
    return html`<li class="level${off ? ' is-off' : ''}" style="--depth:${l.depth}" data-depth="${l.depth}">
      <label
        ><input type="checkbox" ${field(dim, l.code)} ${picked.has(l.code) ? html` checked` : ''}${off ? html` disabled` : ''} /><span
          class="level-label"
          ${langAttr(l.lang)}
          >${l.label}</span
        >${off ? html`<span class="sr-only"> (${t.dataset.noDataForCombination})</span>` : ''}</label
      >
    </li>`;
  });
  const filter =
    dim.levels.length > FILTER_FROM
      ? html`<div class="level-filter" hidden>
          <input type="search" aria-label="${t.dataset.filterLevels}: ${dim.label}" placeholder="${t.dataset.filterLevels}" data-level-filter />
        </div>`
      : '';
  return html`${filter}
    <ul class="levels${dim.levels.length > FILTER_FROM ? ' is-long' : ''}">
      ${items}
    </ul>`;
}

function renderRadios(dim: ExplorerDim, picked: Set<string>, states: LevelState[], t: UiStrings): SafeHtml {
  const items = dim.levels.map((l, i) => {
    const off = states[i] === 'off';
    const adjusts = states[i] === 'adjusts';
    return html`<label class="seg${off ? ' is-off' : ''}${adjusts ? ' is-adjusts' : ''}" ${adjusts ? html` title="${t.dataset.adjustsOthers}"` : ''}
      ><input type="radio" ${field(dim, l.code)} ${picked.has(l.code) ? html` checked` : ''}${off ? html` disabled` : ''} /><span ${langAttr(l.lang)}
        >${l.label}</span
      ></label
    >`;
  });
  return html`<div class="segmented">${items}</div>`;
}

function renderSelect(dim: ExplorerDim, picked: Set<string>, states: LevelState[], t: UiStrings): SafeHtml {
  const pad = (depth: number): string => '\u2003'.repeat(depth);
  const options = dim.levels.map((l, i) => {
    if (!l.data) return html`<option disabled class="opt-group" ${langAttr(l.lang)}>${pad(l.depth)}${l.label}</option>`;
    const off = states[i] === 'off';
    const note = off ? ` (${t.dataset.noDataForCombination})` : states[i] === 'adjusts' ? ` (${t.dataset.adjustsOthers})` : '';
    return html`<option
      value="${dimensionField(dim.id, l.code).value}"
      ${picked.has(l.code) ? html` selected` : ''}${off ? html` disabled` : ''}
      data-label="${pad(l.depth)}${l.label}"
      ${langAttr(l.lang)}
    >
      ${pad(l.depth)}${l.label}${note}
    </option>`;
  });
  return html`<select id="${fieldId(dim)}" name="${dimensionField(dim.id, '').name}" class="select" aria-label="${dim.label}">
    ${options}
  </select>`;
}

function renderPicker(meta: ExplorerMeta, state: ExplorerState, d: number, t: UiStrings): SafeHtml {
  const dim = meta.dims[d];
  const picked = new Set(state.dims[dim.id] ?? []);
  const states = levelStates(meta, state, d);
  const hasTree = dim.levels.some((l) => l.depth > 0 || !l.data);
  let body: SafeHtml;
  if (dim.mode === 'multi') body = renderCheckboxes(dim, picked, states, t);
  else if (dim.levels.length <= MAX_RADIOS && !hasTree) body = renderRadios(dim, picked, states, t);
  else body = renderSelect(dim, picked, states, t);
  return html`<fieldset class="picker picker-${dim.mode}" data-dim="${dim.id}">${legend(dim, t)}${body}</fieldset>`;
}

/** The transform switch (radio buttons styled as a segmented control). */
export function renderTransformSwitch(meta: ExplorerMeta, state: ExplorerState, t: UiStrings): SafeHtml {
  const items = meta.transforms.map(
    (tr) =>
      html`<label class="seg"
        ><input type="radio" name="transform" value="${tr}" ${tr === state.transform ? html` checked` : ''} /><span
          >${t.dataset.transforms[tr as keyof UiStrings['dataset']['transforms']] ?? tr}</span
        ></label
      >`,
  );
  return html`<fieldset class="transform-switch" data-transform>
    <legend class="sr-only">${t.dataset.showAs}</legend>
    <span class="toolbar-label" aria-hidden="true">${t.dataset.showAs}</span>
    <div class="segmented">${items}</div>
  </fieldset>`;
}

/**
 * The fields of the frequency control, from the table's entries: the
 * frequencies the dataset converts to (the meta's `frequencyNames`, in the
 * table's order), the aggregations and `partial`. A field's default is sent
 * empty, as a form leaves out what it does not change, so a form sent
 * without a frequency carries no aggregation to complain about.
 */
export function conversionFields(meta: ExplorerMeta): {
  frequencies: Frequency[];
  aggregations: { value: string; aggregation: Aggregation }[];
  partial: string;
} {
  const names = meta.frequencyNames ?? {};
  const frequencies = PARAMS.frequency.schema.enum.filter((f) => names[f] !== undefined);
  const aggregations = PARAMS.aggregation.schema.enum.map((a) => ({ aggregation: a, value: a === PARAMS.aggregation.default ? '' : a }));
  return { frequencies, aggregations, partial: PARAMS.partial.schema.enum.find((v) => v !== PARAMS.partial.default)! };
}

/**
 * The frequency control (issue 20): the frequencies lower than the dataset's
 * own, the aggregation and whether incomplete periods are kept; nothing for a
 * dataset that converts to none (annual data).
 */
export function renderFrequencySwitch(meta: ExplorerMeta, state: ExplorerState, t: UiStrings): SafeHtml {
  const fields = conversionFields(meta);
  if (!fields.frequencies.length) return html``;
  const convert = state.convert;
  const selected = (on: boolean): SafeHtml | '' => (on ? html` selected` : '');
  const frequencies = fields.frequencies.map((f) => html`<option value="${f}" ${selected(convert?.frequency === f)}>${meta.frequencyNames?.[f] ?? f}</option>`);
  const aggregations = fields.aggregations.map(
    (a) =>
      html`<option value="${a.value}" ${selected((convert?.aggregation ?? PARAMS.aggregation.default) === a.aggregation)}>
        ${aggregationName(a.aggregation, meta.lang)}
      </option>`,
  );
  return html`<fieldset class="frequency-switch" data-frequency>
    <legend class="sr-only">${t.dataset.convertFrequency}</legend>
    <label
      ><span class="toolbar-label">${t.dataset.convertFrequency}</span>
      <select name="frequency" class="select" data-convert="frequency">
        <option value="" ${selected(!convert)}>${t.dataset.asPublished}</option>
        ${frequencies}
      </select></label
    >
    <label
      ><span class="toolbar-label">${t.dataset.aggregation}</span>
      <select name="aggregation" class="select" data-convert="aggregation">
        ${aggregations}
      </select></label
    >
    <label class="partial-switch"
      ><input type="checkbox" name="partial" value="${fields.partial}" data-convert="partial" ${convert?.partial ? html` checked` : ''} />
      ${t.dataset.keepPartial}</label
    >
  </fieldset>`;
}

/** The period: two date fields (a relative bound shows the date it stands for) and shortcuts (links, so they work without JavaScript). */
export function renderPeriod(state: ExplorerState, span: { start: string | null; end: string | null }, presets: Preset[], t: UiStrings): SafeHtml {
  const bounds = html`${span.start ? html` min="${span.start}"` : ''}${span.end ? html` max="${span.end}"` : ''}`;
  const links = presets.map(
    (p) =>
      html`<a class="chip${p.active ? ' is-active' : ''}" href="${p.href}" data-from="${p.from ?? ''}" ${p.active ? html` aria-current="true"` : ''}
        >${p.label}</a
      >`,
  );
  // without JavaScript, Apply sends the window beside the date it shows, so it stays a window (selection/read-query.ts)
  const windows = (['from', 'to'] as const).map((name) =>
    isRelativeBound(state[name]) ? html`<input type="hidden" name="${FORM_WINDOWS[name]}" value="${state[name]}" />` : '',
  );
  return html`<fieldset class="period" data-period>
    <legend class="sr-only">${t.dataset.period}</legend>
    ${windows}
    <span class="toolbar-label" aria-hidden="true">${t.dataset.period}</span>
    <div class="chips">${links}</div>
    <div class="dates">
      <label
        ><span class="sr-only">${t.dataset.from}</span
        ><input type="date" name="from" value="${boundIsoDate(state.from, span.end) ?? ''}" ${bounds} aria-label="${t.dataset.from}" /></label
      ><span aria-hidden="true">–</span
      ><label
        ><span class="sr-only">${t.dataset.to}</span
        ><input type="date" name="to" value="${boundIsoDate(state.to, span.end) ?? ''}" ${bounds} aria-label="${t.dataset.to}"
      /></label>
    </div>
  </fieldset>`;
}

/** Every dimension picker (dimensions with a single level have nothing to choose and are left out). */
export function renderPickers(meta: ExplorerMeta, state: ExplorerState, t: UiStrings): SafeHtml {
  const pickers = meta.dims.map((dim, d) => (dim.levels.filter((l) => l.data).length > 1 ? renderPicker(meta, state, d, t) : ''));
  return html`${pickers}`;
}
