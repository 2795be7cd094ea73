/**
 * The zip of a selection (`/series.zip`, issue 21): the labelled CSV the
 * caller encoded, the dataset's metadata as `/dataset/{id}/meta` answers it,
 * and a README (render/download-readme.ts). The files are made here; the
 * heavy pool deflates them (workers/heavy-tasks.ts `zip`, bounded like the
 * workbook). Entries carry the vintage's time and the README names no day,
 * so the same data and selection give the same bytes.
 */
import { stringifyInOrder } from '../data/json-order.js';
import type { Lang, Snapshot } from '../data/model.js';
import { latestVintage } from '../discovery/vintages.js';
import { buildMetaDocument } from '../query/describe.js';
import type { SelectionView } from '../query/view.js';
import { renderDownloadReadme } from '../render/download-readme.js';
import { apiUrl, urlPartsOf } from '../urls.js';
import type { ZipFiles } from '../workers/heavy-tasks.js';

/** What goes into the zip. */
export interface ZipInput {
  view: SelectionView;
  snapshot: Snapshot;
  baseUrl: string;
  lang: Lang;
  /** the selection as `/series.csv?labels=true&lang=…` writes it */
  csv: Buffer;
}

/** The earliest time a zip entry can carry (DOS time starts in 1980). */
const DOS_EPOCH = Date.UTC(1980, 0, 1, 12);

/**
 * The files of the zip of a selection: `{id}.csv`, `{id}.json`, `README.md`.
 * @example zipFiles({ view, snapshot, baseUrl, lang: 'en', csv }).entries['README.md'] // <Uint8Array 23 20 …>
 */
export function zipFiles(input: ZipInput): ZipFiles {
  const { view, snapshot, baseUrl, lang } = input;
  const id = view.dataset.meta.id;
  // as_of: the vintage asked for; else the latest data's (the snapshot's dataset, which holds the history)
  const vintage = view.selection.asOf?.vintage ?? latestVintage(snapshot.datasets.get(id) ?? view.dataset, snapshot);
  const files = { csv: `${id}.csv`, meta: `${id}.json` };
  const zipUrl = apiUrl(baseUrl, 'series.zip', urlPartsOf(view.selection), view.dataset.meta.dimOrder, lang === 'en' ? [] : [['lang', lang]]);
  const readme = renderDownloadReadme({ view, snapshot, baseUrl, lang, vintage, zipUrl, files });
  const encoder = new TextEncoder();
  return {
    entries: {
      [files.csv]: new Uint8Array(input.csv.buffer, input.csv.byteOffset, input.csv.byteLength),
      [files.meta]: encoder.encode(stringifyInOrder(buildMetaDocument(view.dataset))),
      'README.md': encoder.encode(readme),
    },
    mtime: Math.max(DOS_EPOCH, vintage ? Date.parse(vintage) : DOS_EPOCH),
  };
}
