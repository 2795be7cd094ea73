import type { Dataset, Lang, Snapshot } from '../data/model.js';
import { conversionDetail } from '../i18n/conversion-text.js';
import { formatFrequency } from '../i18n/format.js';
import { pickLabel } from '../i18n/labels.js';
import { uiStrings } from '../i18n/strings.js';
import { ALL_LEVELS, FIELD_NAMES, FIRST_DATE, type FieldKey } from '../i18n/download-text.js';
import { transformNames } from '../i18n/transform-names.js';
import { takesBase } from '../query/transforms.js';
import { formatIsoDate } from '../data/dates.js';
import { viewFrequency } from '../query/convert-frequency.js';
import { isRelativeBound } from '../query/date-bound.js';
import { apiUrl, formatDims, pageUrl, urlPartsOf } from '../urls.js';
import type { SelectionView } from '../query/view.js';
import type { MetadataRow } from '../query/encode-xlsx.js';

/**
 * What a downloaded file says about itself: title, source, license, units,
 * the selection and the URLs that reproduce it, the data's dates and a
 * citation. The Excel download writes it as its metadata sheet; a README of
 * a zip bundle (DESIGN §7) can write the same rows.
 */

export type { MetadataRow };

/** The units of the selected series as text: one label, or `code: label` for each selected code of the units dimension. */
function unitsText(view: SelectionView, lang: Lang): string {
  const units = view.dataset.meta.units;
  if (units === null) return '';
  if (units.kind === 'single') return pickLabel(units.label, lang);
  const d = view.dataset.meta.dimOrder.indexOf(units.dim);
  const codes = [...new Set(view.series.map((s) => s.codes[d]))];
  return codes.map((c) => `${c}: ${pickLabel(units.labels[c], lang) || '–'}`).join('; ');
}

/** The date part (YYYY-MM-DD) of a timestamp like `2026-07-21 09:00`, or the text unchanged. */
function datePart(text: string | null): string {
  return text?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? text ?? '';
}

/** A citation line: source (year), title, data version, page URL, license. */
function citation(dataset: Dataset, lang: Lang, page: string, license: string): string {
  const m = dataset.meta;
  const when = datePart(m.updated ?? m.fetched);
  const year = when.slice(0, 4);
  const source = pickLabel(m.source.name, lang) || m.source.key || m.id;
  const version = `${FIELD_NAMES[lang].version} ${when || dataset.version}`;
  return `${source}${year ? ` (${year})` : ''}: ${pickLabel(m.title, lang)} [${m.id}]. ${version}. ${page}. ${license}.`;
}

/** A bound as the sheet shows it: a relative one (`-5y`) with the date it stands for in this data version. */
function boundText(text: string | null | undefined, days: number | null): string {
  if (days === null) return text ?? '';
  return isRelativeBound(text) ? `${text} (${formatIsoDate(days)})` : formatIsoDate(days);
}

/**
 * The metadata rows of a computed selection, in the language, with URLs built
 * on the base URL.
 * @example buildDownloadMetadata(view, snapshot, 'https://x.org', 'de')
 */
export function buildDownloadMetadata(view: SelectionView, snapshot: Snapshot, baseUrl: string, lang: Lang): MetadataRow[] {
  const { dataset, selection } = view;
  const m = dataset.meta;
  const names = FIELD_NAMES[lang];
  const t = uiStrings(lang);
  const lic = snapshot.licenses.get(m.license);
  const licenseName = lic ? pickLabel(lic.name, lang) : m.license;
  const urlSel = urlPartsOf(selection);
  const order = m.dimOrder;
  const langExtra: [string, string][] = lang === 'en' ? [] : [['lang', lang]];
  const page = pageUrl(baseUrl, lang, urlSel, order);
  const rows: [FieldKey, string, string?][] = [
    ['title', pickLabel(m.title, lang)],
    ['dataset', m.id],
    ['description', pickLabel(m.description, lang)],
    ['source', pickLabel(m.source.name, lang)],
    ['source_url', m.source.url ?? '', m.source.url ?? undefined],
    ['license', licenseName],
    ['license_url', lic?.url ?? '', lic?.url ?? undefined],
    ['units', unitsText(view, lang)],
    ['frequency', formatFrequency(viewFrequency(selection, dataset), t)],
    [
      'aggregation',
      selection.convert
        ? conversionDetail(selection.convert, { from: formatFrequency(m.frequency, t), to: formatFrequency(selection.convert.frequency, t) }, lang)
        : '',
    ],
    ['dims', formatDims(selection.dims, order) || ALL_LEVELS[lang]],
    ['from', boundText(urlSel.from, selection.from)],
    ['to', boundText(urlSel.to, selection.to)],
    ['last', selection.last === null ? '' : String(selection.last)],
    ['transform', `${selection.transform}: ${transformNames(lang)[selection.transform].long}`],
    ['base', takesBase(selection.transform) ? (urlSel.base ?? FIRST_DATE[lang]) : ''],
    ['series', String(view.series.length)],
    ['observations', String(view.observations)],
    ['csv_url', apiUrl(baseUrl, 'series.csv', urlSel, order)],
    ['json_url', apiUrl(baseUrl, 'series', urlSel, order)],
    ['xlsx_url', apiUrl(baseUrl, 'series.xlsx', urlSel, order, langExtra)],
    ['page_url', page],
    ['updated', m.updated ?? ''],
    ['fetched', m.fetched ?? ''],
    ['version', dataset.version],
    ['citation', citation(dataset, lang, page, licenseName)],
  ];
  return rows
    .filter(([, value]) => value !== '')
    .map(([key, value, url]) => ({ key, name: names[key], value, ...(url || /^https?:\/\//.test(value) ? { url: url ?? value } : {}) }));
}
