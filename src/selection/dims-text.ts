/**
 * The text grammars of a selection's codes, read and written here alone:
 * `dims` (`dim=code[,code…][;dim=code…]`) and a `compare` value (a dataset
 * id, then its `dims` after a colon). What the dimensions and codes mean is
 * the caller's (the reader checks them against the dataset).
 *
 * Pure code without Node imports: `client/` bundles it.
 */

/** A compared selection: a dataset and codes per dimension (none = the dataset's opening series). */
export interface CompareRef {
  datasetId: string;
  dims: Record<string, string[]>;
}

/**
 * The `dims` parameter of a selection, dimensions in the given order.
 * @example formatDims({ type: ['real'], structure: ['gdp', 'gva'] }, ['structure', 'type']) // 'structure=gdp,gva;type=real'
 */
export function formatDims(dims: Record<string, string[]>, order: string[] = Object.keys(dims)): string {
  const keys = [...order.filter((d) => dims[d]?.length), ...Object.keys(dims).filter((d) => !order.includes(d) && dims[d]?.length)];
  return keys.map((d) => `${d}=${dims[d].join(',')}`).join(';');
}

/** One segment `dim=code,code` of the `dims` grammar: the text as written, the dimension (null without `name=`), the codes trimmed. */
export interface DimsSegment {
  text: string;
  dim: string | null;
  codes: string[];
}

/** What visitDims calls: each segment (its text as written, its dimension: null without `name=`), then each of its codes, trimmed. */
export interface DimsVisitor {
  segment(text: string, dim: string | null): void;
  code(code: string): void;
}

/**
 * Walks the `dims` grammar that `formatDims` writes, segment by segment and
 * code by code, making no object per segment (the API reader's path: issue
 * 24, round 5); blank segments are skipped. splitDims collects the same walk.
 * @example visitDims('type=real', { segment: (t, d) => console.log(d), code: (c) => console.log(c) }) // type, real
 */
export function visitDims(text: string, visitor: DimsVisitor): void {
  // by index, not split/map: every API request with dims reads it (issue 24, round 3)
  for (let start = 0; start <= text.length;) {
    const end = endOf(text, ';', start, text.length);
    const segment = text.slice(start, end);
    start = end + 1;
    if (segment.trim() === '') continue;
    const eq = segment.indexOf('=');
    if (eq <= 0) {
      visitor.segment(segment, null);
      continue;
    }
    visitor.segment(segment, segment.slice(0, eq).trim());
    for (let c = eq + 1; c <= segment.length;) {
      const e = endOf(segment, ',', c, segment.length);
      visitor.code(segment.slice(c, e).trim());
      c = e + 1;
    }
  }
}

/**
 * Reads the `dims` grammar that `formatDims` writes (the API's and the page's
 * `dims`, a `compare` value after its dataset id) into its segments; blank
 * segments are skipped. What the dimensions and codes mean is the caller's.
 * @example splitDims('type=real; structure=gdp, gva') // [{ text: 'type=real', dim: 'type', codes: ['real'] }, { text: ' structure=gdp, gva', dim: 'structure', codes: ['gdp', 'gva'] }]
 */
export function splitDims(text: string): DimsSegment[] {
  const out: DimsSegment[] = [];
  visitDims(text, {
    segment: (segment, dim) => void out.push({ text: segment, dim, codes: [] }),
    code: (code) => void out[out.length - 1].codes.push(code),
  });
  return out;
}

/** Where the part of `text` that starts at `from` ends: at the next `separator`, or at `length`. */
function endOf(text: string, separator: string, from: number, length: number): number {
  const at = text.indexOf(separator, from);
  return at < 0 ? length : at;
}

/**
 * The `compare` parameter of a compared selection: the dataset id, then its `dims` after a colon.
 * @example formatCompare({ datasetId: 'ch_fso_unemp_rate', dims: { region: ['CH'] } }) // 'ch_fso_unemp_rate:region=CH'
 */
export function formatCompare(ref: { datasetId: string; dims: Record<string, string[]> }): string {
  const dims = formatDims(ref.dims);
  return dims ? `${ref.datasetId}:${dims}` : ref.datasetId;
}

const DATASET_ID = /^[a-z0-9_]+$/;

/**
 * Reads one `compare` value; null when it is not `<dataset>[:<dim>=<codes>;…]`.
 * @example parseCompare('ch_fso_unemp_rate:region=CH') // { datasetId: 'ch_fso_unemp_rate', dims: { region: ['CH'] } }
 */
export function parseCompare(value: string): CompareRef | null {
  const colon = value.indexOf(':');
  const datasetId = (colon < 0 ? value : value.slice(0, colon)).trim();
  if (!DATASET_ID.test(datasetId)) return null;
  const dims: Record<string, string[]> = {};
  const rest = colon < 0 ? '' : value.slice(colon + 1);
  for (const segment of splitDims(rest)) {
    const codes = segment.codes.filter((c) => c !== '');
    if (segment.dim === null || codes.length === 0) return null;
    dims[segment.dim] = [...new Set([...(dims[segment.dim] ?? []), ...codes])];
  }
  return { datasetId, dims };
}
