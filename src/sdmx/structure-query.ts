/**
 * Which artefacts a structure query asks for (SDMX 2.1 REST:
 * `{resource}/{agencyID}/{resourceID}/{version}?references=&detail=`), from the
 * datasets of a snapshot. `all` (or `*`) stands for every agency, id or
 * version; `latest`, `+` and `~` for the one version, 1.0. References follow
 * the artefacts' links: a dataflow's child is its data structure, a data
 * structure's children are its codelists and concept scheme, their parent is
 * the data structure, whose parent is the dataflow.
 */
import type { Dataset } from '../data/model.js';
import { NotFoundError, NotImplementedError } from '../errors/ds-error.js';
import { SDMX_AGENCY, sdmxNames } from './names.js';
import { codelistId, conceptSchemeId, SDMX_VERSION, type CodelistRef, type StructureParts } from './structure-xml.js';

/** The structure resources this service answers. */
export const STRUCTURE_RESOURCES = ['dataflow', 'datastructure', 'codelist', 'conceptscheme'] as const;
export type StructureResource = (typeof STRUCTURE_RESOURCES)[number];

/** The values of `references` (SDMX 2.1 REST; the names of artefact types are not taken). */
export const REFERENCES = ['none', 'parents', 'parentsandsiblings', 'children', 'descendants', 'all'] as const;
export type References = (typeof REFERENCES)[number];

/** The values of `detail`; only `full` is answered, the stubs get 501. */
export const DETAILS = ['full', 'allstubs', 'referencestubs', 'allcompletestubs', 'referencecompletestubs', 'referencepartial'] as const;

/** A structure query as the path and the query string give it. */
export interface StructureQuery {
  resource: StructureResource;
  agency: string;
  id: string;
  version: string;
  references: References;
  detail: string;
}

const ANY = new Set(['all', '*']);
const VERSIONS = new Set([SDMX_VERSION, 'latest', '+', '~', 'all', '*']);

/**
 * Whether an agency and a version name ours (DATASERIES or all/*; 1.0, latest, +, ~ or all/*): structure queries and data flow references read them so.
 * @example isOurs('DATASERIES', 'latest') // true
 */
export function isOurs(agency: string, version: string): boolean {
  return (ANY.has(agency) || agency === SDMX_AGENCY) && VERSIONS.has(version);
}

/** The matched artefacts of one resource, each with the dataset it belongs to. */
interface Matched {
  datasets: Dataset[];
  codelists: CodelistRef[];
}

function match(datasets: readonly Dataset[], q: StructureQuery): Matched {
  const anyId = ANY.has(q.id);
  if (q.resource === 'codelist') {
    const codelists = datasets.flatMap((ds) => sdmxNames(ds).dimIds.map((_, dim) => ({ ds, dim }))).filter((c) => anyId || codelistId(c.ds, c.dim) === q.id);
    return { datasets: [...new Set(codelists.map((c) => c.ds))], codelists };
  }
  const idOf = q.resource === 'conceptscheme' ? conceptSchemeId : (ds: Dataset) => sdmxNames(ds).flowId;
  return { datasets: datasets.filter((ds) => anyId || idOf(ds) === q.id), codelists: [] };
}

/** Every codelist of the datasets. */
const allCodelists = (datasets: Dataset[]): CodelistRef[] => datasets.flatMap((ds) => sdmxNames(ds).dimIds.map((_, dim) => ({ ds, dim })));

/** What each resource adds for a value of `references`, besides itself. */
function withReferences(resource: StructureResource, refs: References, m: Matched): StructureParts {
  const parts: StructureParts = { dataflows: [], codelists: [], conceptSchemes: [], dataStructures: [] };
  const down = refs === 'children' || refs === 'descendants' || refs === 'all';
  const up = refs === 'parents' || refs === 'parentsandsiblings' || refs === 'all';
  const siblings = refs === 'parentsandsiblings' || refs === 'all';
  if (resource === 'dataflow') {
    parts.dataflows = m.datasets;
    if (down) parts.dataStructures = m.datasets;
    if (refs === 'descendants' || refs === 'all') [parts.codelists, parts.conceptSchemes] = [allCodelists(m.datasets), m.datasets];
  } else if (resource === 'datastructure') {
    parts.dataStructures = m.datasets;
    if (down) [parts.codelists, parts.conceptSchemes] = [allCodelists(m.datasets), m.datasets];
    if (up) parts.dataflows = m.datasets;
  } else {
    if (resource === 'codelist') parts.codelists = m.codelists;
    else parts.conceptSchemes = m.datasets;
    if (up) parts.dataStructures = m.datasets;
    if (siblings) [parts.codelists, parts.conceptSchemes] = [allCodelists(m.datasets), m.datasets];
  }
  return parts;
}

/**
 * The artefacts a structure query names, with those its `references` add.
 * Throws 404 (SDMX 100, no results) when it names none, 501 for a `detail` other than `full`.
 * @example selectStructures([...snapshot.datasets.values()], { resource: 'datastructure', agency: 'DATASERIES', id: 'ch_fso_cpi', version: 'latest', references: 'children', detail: 'full' })
 */
export function selectStructures(datasets: readonly Dataset[], q: StructureQuery): StructureParts {
  if (q.detail !== 'full')
    throw new NotImplementedError(`detail=${q.detail} is not implemented: leave it out (or detail=full) for the full artefacts.`, { detail: q.detail });
  const known = isOurs(q.agency, q.version);
  const matched = known ? match(datasets, q) : { datasets: [], codelists: [] };
  if (!matched.datasets.length) {
    const asked = `${q.resource}/${q.agency}/${q.id}/${q.version}`;
    const hint = `every artefact here is of agency ${SDMX_AGENCY}, version ${SDMX_VERSION}; GET /sdmx/2.1/dataflow lists every dataflow.`;
    throw new NotFoundError(`Nothing matches ${asked}: ${hint}`, { resource: q.resource, agency: q.agency, id: q.id, version: q.version }, 'unknown_dataset');
  }
  return withReferences(q.resource, q.references, matched);
}
