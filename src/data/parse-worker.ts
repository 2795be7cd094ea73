// The worker thread that reads and parses datasets for a DatasetParser, so a
// large file never stalls the server's event loop.
import { parentPort } from 'node:worker_threads';
import { type DatasetFiles, type DatasetLoad, parseDataset, readDataset, SETTLE_MS } from './load-dataset.js';

/** A request from the server: read and parse one dataset of a directory. */
export interface ParseRequest {
  id: number;
  dir: string;
  files: DatasetFiles;
}

/** The typed arrays of a loaded dataset, handed over to the server without a copy. */
function transferables(load: DatasetLoad): ArrayBuffer[] {
  if (!load.ok) return [];
  const s = load.dataset.store;
  const h = load.dataset.history;
  const history = h ? [h.current, h.rowOffsets, h.rowDates, h.rowValues, h.rowFrom, h.rowTo, h.addOffsets, h.addDates, h.addAt, ...h.codes] : [];
  const arrays = [s.offsets, s.dates, s.values, ...s.codes, ...s.postings.flat(), ...history];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))].filter((b) => b.byteLength > 0);
}

parentPort!.on('message', (req: ParseRequest) => {
  void (async () => {
    let load: DatasetLoad;
    try {
      load = parseDataset(req.files, await readDataset(req.dir, req.files, SETTLE_MS));
    } catch (e) {
      load = { ok: false, issues: [{ dataset: req.files.id, file: req.files.data, message: `cannot be loaded: ${(e as Error).message}`, severity: 'error' }] };
    }
    parentPort!.postMessage({ id: req.id, load }, transferables(load));
  })();
});
