/**
 * The dataset page's vintage controls (issue 21): the "as of" control that
 * lists the dataset's vintages (newest first, the latest data by default),
 * a field of the explorer's form written as `as_of` by the parameter table,
 * so it works without JavaScript (Apply) as with it (client/explorer.ts);
 * and the banner of a page that shows a past vintage, with a link to the
 * latest data.
 */
import type { Lang } from '../../data/model.js';
import { stampFileName } from '../../data/vintage-stamp.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { formatVintage } from '../../i18n/format.js';
import type { UiStrings } from '../../i18n/strings.js';
import { statePageUrl, type ExplorerMeta, type ExplorerState } from '../../selection/state.js';
import { html, type SafeHtml } from '../html.js';

/** The state without its `as_of`: the latest data of the same selection. */
export function latestState(state: ExplorerState): ExplorerState {
  const latest = { ...state };
  delete latest.asOf;
  return latest;
}

/**
 * The "as of" control: the latest data (sent empty, as a form leaves out
 * what it does not change), then every vintage newest first, each sent as the
 * table writes `as_of` (the stamp's file-name form). Nothing for a dataset
 * of one vintage.
 */
export function renderAsOfSwitch(meta: ExplorerMeta, state: ExplorerState, t: UiStrings): SafeHtml {
  const vintages = meta.vintages ?? [];
  if (vintages.length < 2) return html``;
  const words = t.dataset.vintages;
  const shown = state.asOf?.vintage ?? null;
  const options = [...vintages]
    .reverse()
    .map((stamp) => html`<option value="${stampFileName(stamp)}" ${stamp === shown ? html` selected` : ''}>${formatVintage(stamp, meta.lang)}</option>`);
  return html`<label class="as-of-switch"
    ><span class="toolbar-label">${words.asOf}</span>
    <select name="as_of" class="select" data-as-of>
      <option value="" ${shown === null ? html` selected` : ''}>${words.latest}</option>
      ${options}
    </select></label
  >`;
}

/** The banner of a page showing a past vintage: the data as published then, and a link to the latest. */
export function renderAsOfBanner(meta: ExplorerMeta, state: ExplorerState, t: UiStrings, lang: Lang): SafeHtml {
  const vintage = state.asOf?.vintage;
  if (!vintage) return html``;
  const words = t.dataset.vintages;
  return html`<div class="as-of-banner" data-as-of-banner>
    <p>
      ${fillTemplate(words.banner, { vintage: formatVintage(vintage, lang) })}
      <a href="${statePageUrl('', lang, meta, latestState(state))}" data-latest>${words.toLatest}</a>
    </p>
  </div>`;
}
