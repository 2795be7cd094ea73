/**
 * /licenses: each license's terms (commercial use, attribution, link) and
 * the datasets that use it; a key the vocabulary lacks is shown as it is.
 */
import type { Lang, License, Snapshot } from '../../data/model.js';
import { formatCount } from '../../i18n/format.js';
import { pickLabel } from '../../i18n/labels.js';
import { uiStrings, type UiStrings } from '../../i18n/strings.js';
import { html, type SafeHtml } from '../html.js';
import { renderLayout, type LayoutView } from '../layout.js';
import { buildDatasetItems, type DatasetItem } from './catalog-items.js';
import { renderPageHead } from './components.js';
import { sitePageLayout, type Site } from './site.js';

/** One license and its datasets. */
interface LicenseEntry {
  key: string;
  name: string;
  url: string | null;
  /** terms as short sentences */
  terms: string[];
  known: boolean;
  usedBy: string;
  datasets: DatasetItem[];
}

/** What /licenses shows. */
export interface LicensesView {
  layout: LayoutView;
  t: UiStrings;
  entries: LicenseEntry[];
}

/** A license's terms in words (commercial use, attribution); the /licenses page and the zip's README say them so. */
export function termsOf(license: License | undefined, t: UiStrings): string[] {
  if (!license) return [t.licenses.notInVocabulary];
  const out = [license.commercial === 'yes' ? t.licenses.commercialYes : license.commercial === 'no' ? t.licenses.commercialNo : t.licenses.commercialUnknown];
  if (license.attribution) out.push(t.licenses.attribution);
  return out;
}

/** The anchor of a license on /licenses (dataset pages link to it). */
export function licenseAnchor(key: string): string {
  return `license-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * How a dataset's license is named: the vocabulary's name, or "unknown
 * license (key)" for a key the vocabulary does not list (never shown as if it
 * were a license). Without a licenses.json the key is shown as it is.
 */
export function licenseName(snapshot: Snapshot, key: string, lang: Lang): string {
  const license = snapshot.licenses.get(key);
  if (license) return pickLabel(license.name, lang);
  return snapshot.licenses.size > 0 ? uiStrings(lang).licenses.unknownLicense.replace('{key}', key) : key;
}

/**
 * Builds /licenses in a language: the vocabulary's licenses in use, in order;
 * without a licenses.json, the keys the datasets carry. An unknown key gets no card.
 */
export function buildLicensesView(snapshot: Snapshot, lang: Lang, site: Site): LicensesView {
  const t = uiStrings(lang);
  const items = buildDatasetItems(snapshot, lang);
  const keys = snapshot.licenses.size > 0 ? [...snapshot.licenses.keys()] : [...new Set(items.map((i) => i.license))];
  const entries = keys.map((key) => {
    const license = snapshot.licenses.get(key);
    const datasets = items.filter((i) => i.license === key);
    return {
      key,
      name: license ? pickLabel(license.name, lang) : key,
      url: license?.url ?? null,
      terms: termsOf(license, t),
      known: license !== undefined,
      usedBy: formatCount(t.licenses.usedBy, datasets.length, lang),
      datasets,
    };
  });
  return {
    layout: sitePageLayout(site, lang, '/licenses', { title: t.licenses.title, description: t.licenses.lede, active: 'licenses', page: 'licenses' }),
    t,
    entries: entries.filter((e) => e.datasets.length > 0),
  };
}

function renderEntry(e: LicenseEntry, t: UiStrings): SafeHtml {
  return html`<section class="license card" id="${licenseAnchor(e.key)}" aria-labelledby="${licenseAnchor(e.key)}-h">
<h2 id="${licenseAnchor(e.key)}-h">${e.name}</h2>
<ul class="terms">${e.terms.map((term) => html`<li>${term}</li>`)}</ul>
${e.url ? html`<p><a href="${e.url}" rel="noopener">${t.licenses.terms} ↗</a></p>` : ''}
<details${e.datasets.length <= 6 ? html` open` : ''}><summary>${e.usedBy}</summary>
<ul class="license-datasets">${e.datasets.map((d) => html`<li><a href="${d.href}">${d.title}</a></li>`)}</ul></details>
</section>`;
}

/** Renders /licenses. */
export function renderLicenses(view: LicensesView): string {
  const main = html`${renderPageHead(view.t.licenses.title, view.t.licenses.lede)}
    <div class="license-grid">${view.entries.map((e) => renderEntry(e, view.t))}</div>`;
  return renderLayout(view.layout, main);
}
