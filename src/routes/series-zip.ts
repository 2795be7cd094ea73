/**
 * The zip of a selection (`/series.zip`, issue 21): the labelled CSV the
 * caller encoded, the dataset's metadata as `/dataset/{id}/meta` answers it,
 * and a README (render/download-readme.ts). fflate writes the zip; entries
 * carry the vintage's time, so the same data and day give the same bytes.
 */
import { zip, type Zippable } from 'fflate';
import { stringifyInOrder } from '../data/json-order.js';
import type { Lang, Snapshot } from '../data/model.js';
import { latestVintage } from '../discovery/vintages.js';
import { buildMetaDocument } from '../query/describe.js';
import type { SelectionView } from '../query/view.js';
import { renderDownloadReadme } from '../render/download-readme.js';
import { apiUrl, urlPartsOf } from '../urls.js';

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
 * The zip of a selection: `{id}.csv`, `{id}.json`, `README.md`.
 * @example await zipSelection({ view, snapshot, baseUrl, lang: 'en', csv }) // <Buffer 50 4b 03 04 …>
 */
export function zipSelection(input: ZipInput): Promise<Buffer> {
  const { view, snapshot, baseUrl, lang } = input;
  const id = view.dataset.meta.id;
  // as_of: the vintage asked for; else the latest data's (the snapshot's dataset, which holds the history)
  const vintage = view.selection.asOf?.vintage ?? latestVintage(snapshot.datasets.get(id) ?? view.dataset, snapshot);
  const files = { csv: `${id}.csv`, meta: `${id}.json` };
  const zipUrl = apiUrl(baseUrl, 'series.zip', urlPartsOf(view.selection), view.dataset.meta.dimOrder, lang === 'en' ? [] : [['lang', lang]]);
  const readme = renderDownloadReadme({ view, snapshot, baseUrl, lang, vintage, zipUrl, files, accessed: new Date().toISOString().slice(0, 10) });
  const mtime = Math.max(DOS_EPOCH, vintage ? Date.parse(vintage) : DOS_EPOCH);
  const encoder = new TextEncoder();
  const entries: Zippable = {
    [files.csv]: new Uint8Array(input.csv.buffer, input.csv.byteOffset, input.csv.byteLength),
    [files.meta]: encoder.encode(stringifyInOrder(buildMetaDocument(view.dataset))),
    'README.md': encoder.encode(readme),
  };
  // fflate's asynchronous zip deflates large files off the main thread
  return new Promise((resolve, reject) =>
    zip(entries, { level: 6, mtime }, (error, data) => (error ? reject(error) : resolve(Buffer.from(data.buffer, data.byteOffset, data.byteLength)))),
  );
}
