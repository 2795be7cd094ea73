import { versionEtag } from '../query/version-etag.js';
import type { AsOf, Conversion, Selection } from '../query/view.js';
import { KeyHash } from './key-hash.js';

/**
 * The ETag of an output of a selection: the dataset's content version plus a
 * hash of the question (its kind, every field of the selection, what else
 * the output's bytes depend on), so it changes exactly when the data or the
 * question changes, and is the same on every replica and after a restart.
 * The question is fed to the hash field by field (key-hash.ts), not written
 * out first (issue 24, round 3: the ETag was a JSON text and a sha1).
 *
 * Dimensions in one order (by id): `dims=a=x;b=y` and `dims=b=y;a=x` pick
 * the same series and write the same bytes (every output orders dimensions
 * by the dataset's dim_order), so they get one ETag (issue 24). Codes keep
 * their order: the workbook's metadata writes them as given.
 * @example selectionEtag('csv', dataset.version, selection, '') // W/"csv-0123456789abcdef-…"
 */
export function selectionEtag(kind: string, datasetVersion: string, selection: Selection, extra = ''): string {
  const h = new KeyHash().text(kind).text(selection.datasetId);
  addDims(h, selection.dims);
  addNumber(h, selection.from);
  addNumber(h, selection.to);
  addNumber(h, selection.last);
  h.text(selection.transform);
  addNumber(h, selection.base);
  const { convert, relative, asOf } = selection;
  if (convert === undefined) h.mark(ABSENT);
  else
    h.mark(PRESENT)
      .text(convert.frequency)
      .text(convert.aggregation)
      .mark(convert.partial ? 1 : 0);
  if (relative === undefined) h.mark(ABSENT);
  else addText(addText(h.mark(PRESENT), relative.from), relative.to);
  if (asOf === undefined) h.mark(ABSENT);
  else addText(h.mark(PRESENT).text(asOf.text).text(asOf.asked), asOf.vintage).mark(asOf.final ? 1 : 0);
  return versionEtag(kind, datasetVersion, h.text(extra).key());
}

// Every field of a selection reaches the hash: a field added to Selection,
// Conversion or AsOf fails to compile here until selectionEtag reads it.
type Covered<T, K extends keyof T> = [Exclude<keyof T, K>] extends [never] ? true : never;
const SELECTION_COVERED: Covered<Selection, 'datasetId' | 'dims' | 'from' | 'to' | 'last' | 'transform' | 'base' | 'convert' | 'relative' | 'asOf'> = true;
const CONVERSION_COVERED: Covered<Conversion, 'frequency' | 'aggregation' | 'partial'> = true;
const AS_OF_COVERED: Covered<AsOf, 'text' | 'asked' | 'vintage' | 'final'> = true;
void [SELECTION_COVERED, CONVERSION_COVERED, AS_OF_COVERED];

const ABSENT = 0;
const PRESENT = 1;

function addText(h: KeyHash, text: string | null): KeyHash {
  return text === null ? h.mark(ABSENT) : h.mark(PRESENT).text(text);
}

function addNumber(h: KeyHash, n: number | null): void {
  if (n === null) h.mark(ABSENT);
  else h.mark(PRESENT).decimal(n);
}

/** The dimensions by id, each with its codes as given. */
function addDims(h: KeyHash, dims: Selection['dims']): void {
  const names = Object.keys(dims);
  sortTexts(names);
  h.mark(names.length);
  for (const name of names) {
    const codes = dims[name];
    h.text(name).mark(codes.length);
    for (let i = 0; i < codes.length; i++) h.text(codes[i]);
  }
}

/**
 * Sorts distinct texts in place as `Array.prototype.sort()` does (by UTF-16
 * code units): an insertion sort, for the few dimensions of a selection,
 * without the generic sort's set-up (issue 24, round 4).
 */
function sortTexts(texts: string[]): void {
  for (let i = 1; i < texts.length; i++) {
    const t = texts[i];
    let j = i - 1;
    for (; j >= 0 && texts[j] > t; j--) texts[j + 1] = texts[j];
    texts[j + 1] = t;
  }
}
