/**
 * SDMX-ML 2.1 structure messages (docs/decisions.md, "SDMX structures"): the
 * dataflow, data structure, codelists and concept scheme of a dataset, written
 * from its metadata and its SDMX names. One dataflow, one data structure and
 * one concept scheme per dataset, all with the dataset's flow id; one codelist
 * per dimension, `CL_{flow}_{dim}`; every artefact version 1.0, agency
 * DATASERIES. Labels keep their original text, in every language the metadata has.
 */
import type { Dataset, Dimension, Labels, Level } from '../data/model.js';
import { LANGS } from '../data/model.js';
import { escapeXml, SDMX_NS } from './errors.js';
import { SDMX_AGENCY, sdmxNames, SYNTHETIC_CODE } from './names.js';

/** The version of every artefact. */
export const SDMX_VERSION = '1.0';
/** The time dimension and primary measure of every data structure. */
export const TIME_PERIOD = 'TIME_PERIOD';
export const OBS_VALUE = 'OBS_VALUE';
/** The media type of structure messages (SDMX 2.1 REST). */
export const SDMX_STRUCTURE_TYPE = 'application/vnd.sdmx.structure+xml; version=2.1';

/** One codelist: the dimension `dim` of a dataset. */
export interface CodelistRef {
  ds: Dataset;
  dim: number;
}

/** What a structure message holds, by kind of artefact, in the schema's order. */
export interface StructureParts {
  dataflows: Dataset[];
  codelists: CodelistRef[];
  conceptSchemes: Dataset[];
  dataStructures: Dataset[];
}

/** The id of a dimension's codelist. */
export function codelistId(ds: Dataset, dim: number): string {
  const names = sdmxNames(ds);
  return `CL_${names.flowId}_${names.dimIds[dim]}`;
}

/** The id of a dataset's concept scheme. */
export function conceptSchemeId(ds: Dataset): string {
  return `CS_${sdmxNames(ds).flowId}`;
}

const attr = (name: string, value: string): string => ` ${name}="${escapeXml(value)}"`;
const maintained = (id: string): string => `${attr('id', id)}${attr('agencyID', SDMX_AGENCY)}${attr('version', SDMX_VERSION)}`;
/**
 * The URN of one of our artefacts (SDMX 2.1: class, agency, id, version).
 * @example artefactUrn('datastructure.DataStructure', 'ch_fso_ppi') // 'urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=DATASERIES:ch_fso_ppi(1.0)'
 */
export const artefactUrn = (cls: string, id: string): string => `urn:sdmx:org.sdmx.infomodel.${cls}=${SDMX_AGENCY}:${id}(${SDMX_VERSION})`;
const urn = (cls: string, id: string): string => attr('urn', artefactUrn(cls, id));

/** `common:Name` (or another element) once per language the labels have, English first. */
function texts(element: string, labels: Labels | null, pad: string): string[] {
  if (!labels) return [];
  return LANGS.filter((lang) => labels[lang]).map(
    (lang) => `${pad}<common:${element} xml:lang="${lang}">${escapeXml(labels[lang] as string)}</common:${element}>`,
  );
}

/** Annotations: the original id where the SDMX id differs, and a grouping level's mark. */
function annotations(pad: string, original: string, sdmxId: string, grouping = false): string[] {
  const notes: [string, string][] = [];
  if (original !== sdmxId) notes.push(['DS_ORIGINAL_ID', original]);
  if (grouping) notes.push(['DS_GROUPING', 'groups other codes and has no series of its own']);
  if (!notes.length) return [];
  const inner = notes.map(
    ([type, text]) =>
      `${pad}  <common:Annotation><common:AnnotationType>${type}</common:AnnotationType><common:AnnotationText xml:lang="en">${escapeXml(text)}</common:AnnotationText></common:Annotation>`,
  );
  return [`${pad}<common:Annotations>`, ...inner, `${pad}</common:Annotations>`];
}

/** A `Ref` to a maintainable artefact (unqualified, as SDMX 2.1 writes references). */
const ref = (id: string, pkg: string, cls: string): string =>
  `<Ref${attr('id', id)}${attr('version', SDMX_VERSION)}${attr('agencyID', SDMX_AGENCY)}${attr('package', pkg)}${attr('class', cls)}/>`;

function dataflowXml(ds: Dataset): string[] {
  const flow = sdmxNames(ds).flowId;
  return [
    `      <structure:Dataflow${maintained(flow)}${urn('datastructure.Dataflow', flow)}>`,
    ...annotations('        ', ds.meta.id, flow),
    ...texts('Name', ds.meta.title, '        '),
    ...texts('Description', ds.meta.description, '        '),
    `        <structure:Structure>${ref(flow, 'datastructure', 'DataStructure')}</structure:Structure>`,
    '      </structure:Dataflow>',
  ];
}

function codeXml(ds: Dataset, dim: number, dimension: Dimension, level: Level, l: number): string[] {
  const names = sdmxNames(ds);
  const id = names.codeId(dim, l);
  const parent = level.parent === null ? null : dimension.index.get(level.parent);
  return [
    `        <structure:Code${attr('id', id)}${urn('codelist.Code', `${codelistId(ds, dim)}.${id}`)}>`,
    ...annotations('          ', level.code, id, !level.data),
    ...texts('Name', level.label, '          '),
    ...(parent === null || parent === undefined ? [] : [`          <structure:Parent><Ref${attr('id', names.codeId(dim, parent))}/></structure:Parent>`]),
    '        </structure:Code>',
  ];
}

function codelistXml({ ds, dim }: CodelistRef): string[] {
  const id = codelistId(ds, dim);
  const dimension = ds.meta.dimensions[dim];
  const head = `      <structure:Codelist${maintained(id)}${urn('codelist.Codelist', id)}>`;
  if (!dimension) {
    // the synthetic dimension of a single-series dataset: one code, the series itself
    const code = [`        <structure:Code${attr('id', SYNTHETIC_CODE)}>`, ...texts('Name', ds.meta.title, '          '), '        </structure:Code>'];
    return [head, ...texts('Name', ds.meta.title, '        '), ...code, '      </structure:Codelist>'];
  }
  const codes = dimension.levels.flatMap((level, l) => codeXml(ds, dim, dimension, level, l));
  return [head, ...texts('Name', dimension.label, '        '), ...codes, '      </structure:Codelist>'];
}

/** The concepts of a dataset: one per dimension, then the time period and the observation value. */
function conceptSchemeXml(ds: Dataset): string[] {
  const names = sdmxNames(ds);
  const id = conceptSchemeId(ds);
  const concept = (cid: string, labels: Labels, original = cid): string[] => [
    `        <structure:Concept${attr('id', cid)}${urn('conceptscheme.Concept', `${id}.${cid}`)}>`,
    ...annotations('          ', original, cid),
    ...texts('Name', labels, '          '),
    // the name again as description: rsdmx 0.6's as.data.frame of concepts fails on a concept
    // without one when its names are in other than two languages
    ...texts('Description', labels, '          '),
    '        </structure:Concept>',
  ];
  const dims = names.dimIds.flatMap((dimId, d) => {
    const dimension = ds.meta.dimensions[d];
    return dimension ? concept(dimId, dimension.label, dimension.id) : concept(dimId, { en: 'Series' });
  });
  return [
    `      <structure:ConceptScheme${maintained(id)}${urn('conceptscheme.ConceptScheme', id)}>`,
    ...texts('Name', ds.meta.title, '        '),
    ...dims,
    ...concept(TIME_PERIOD, { en: 'Time period', de: 'Zeitperiode', fr: 'Période', it: 'Periodo' }),
    ...concept(OBS_VALUE, { en: 'Observation value', de: 'Beobachtungswert', fr: "Valeur d'observation", it: 'Valore osservato' }),
    '      </structure:ConceptScheme>',
  ];
}

/** How a component names its concept. */
function identity(ds: Dataset, conceptId: string): string {
  const scheme = conceptSchemeId(ds);
  return `<structure:ConceptIdentity><Ref${attr('id', conceptId)}${attr('maintainableParentID', scheme)}${attr('maintainableParentVersion', SDMX_VERSION)}${attr('agencyID', SDMX_AGENCY)}${attr('package', 'conceptscheme')}${attr('class', 'Concept')}/></structure:ConceptIdentity>`;
}

function dataStructureXml(ds: Dataset): string[] {
  const names = sdmxNames(ds);
  const dims = names.dimIds.map(
    (dimId, d) =>
      `            <structure:Dimension${attr('id', dimId)}${attr('position', String(d + 1))}>${identity(ds, dimId)}<structure:LocalRepresentation><structure:Enumeration>${ref(codelistId(ds, d), 'codelist', 'Codelist')}</structure:Enumeration></structure:LocalRepresentation></structure:Dimension>`,
  );
  return [
    `      <structure:DataStructure${maintained(names.flowId)}${urn('datastructure.DataStructure', names.flowId)}>`,
    ...texts('Name', ds.meta.title, '        '),
    '        <structure:DataStructureComponents>',
    '          <structure:DimensionList id="DimensionDescriptor">',
    ...dims,
    `            <structure:TimeDimension${attr('id', TIME_PERIOD)}${attr('position', String(names.dimIds.length + 1))}>${identity(ds, TIME_PERIOD)}<structure:LocalRepresentation><structure:TextFormat textType="ObservationalTimePeriod"/></structure:LocalRepresentation></structure:TimeDimension>`,
    '          </structure:DimensionList>',
    '          <structure:MeasureList id="MeasureDescriptor">',
    `            <structure:PrimaryMeasure${attr('id', OBS_VALUE)}>${identity(ds, OBS_VALUE)}</structure:PrimaryMeasure>`,
    '          </structure:MeasureList>',
    '        </structure:DataStructureComponents>',
    '      </structure:DataStructure>',
  ];
}

/** A block of the message: its element and the artefacts in it, or nothing when there are none. */
function block<T>(element: string, items: readonly T[], write: (item: T) => string[]): string[] {
  return items.length ? [`    <structure:${element}>`, ...items.flatMap(write), `    </structure:${element}>`] : [];
}

/** The header of a message: its id, `prepared` (the publish time of the data, so the same data gives the same bytes). */
export function messageHeader(id: string, prepared: string): string[] {
  return [
    '  <message:Header>',
    `    <message:ID>${escapeXml(id)}</message:ID>`,
    '    <message:Test>false</message:Test>',
    `    <message:Prepared>${escapeXml(prepared)}</message:Prepared>`,
    `    <message:Sender${attr('id', SDMX_AGENCY)}/>`,
    '  </message:Header>',
  ];
}

/**
 * The SDMX-ML 2.1 structure message holding `parts` (in the order
 * SDMXStructure.xsd requires: dataflows, codelists, concepts, data structures).
 * @example writeStructureMessage({ dataflows: [ds], codelists: [], conceptSchemes: [], dataStructures: [] }, 'IREF1', '2026-01-01T00:00:00Z')
 */
export function writeStructureMessage(parts: StructureParts, id: string, prepared: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<message:Structure${attr('xmlns:message', SDMX_NS.message)}${attr('xmlns:structure', SDMX_NS.structure)}${attr('xmlns:common', SDMX_NS.common)}>`,
    ...messageHeader(id, prepared),
    '  <message:Structures>',
    ...block('Dataflows', parts.dataflows, dataflowXml),
    ...block('Codelists', parts.codelists, codelistXml),
    ...block('Concepts', parts.conceptSchemes, conceptSchemeXml),
    ...block('DataStructures', parts.dataStructures, dataStructureXml),
    '  </message:Structures>',
    '</message:Structure>',
  ];
  return lines.join('\n') + '\n';
}
