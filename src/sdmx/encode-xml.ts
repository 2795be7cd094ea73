/**
 * SDMX-ML 2.1 data messages (issue 22): structure-specific data (the series'
 * key and the observations as attributes named by their dimension ids) and
 * generic data (ids and values as `generic:Value` elements), with time at the
 * observation level or all dimensions there (flat observations). A missing
 * value is written `NaN`, as SDMX-ML does.
 *
 * Pure code without Node imports.
 */
import { numberText } from '../data/number-text.js';
import { hasObservations, structureUrn, type SdmxData, type SdmxDataSet, type SdmxSeries } from './data-message.js';
import { OBS_VALUE, SDMX_VERSION, TIME_PERIOD } from './structure-xml.js';
import { escapeXml, SDMX_NS } from './errors.js';
import { SDMX_AGENCY } from './names.js';

/** The data namespaces of SDMX-ML 2.1. */
const DATA_NS = {
  structurespecific: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific',
  generic: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic',
} as const;

const value = (v: number): string => (Number.isNaN(v) ? 'NaN' : numberText(v));
const attr = (name: string, text: string): string => ` ${name}="${escapeXml(text)}"`;

/** The dimension at the observation level, as the header names it. */
const obsLevel = (data: SdmxData): string => (data.atObservation === 'AllDimensions' ? 'AllDimensions' : TIME_PERIOD);

/** The message header: id, prepared, sender and the structure the data follows. */
function header(data: SdmxData, structure: string): string {
  const ref = `<Ref${attr('agencyID', SDMX_AGENCY)}${attr('id', data.flowId)}${attr('version', SDMX_VERSION)}/>`;
  return (
    '<message:Header>' +
    `<message:ID>${escapeXml(data.id)}</message:ID><message:Test>false</message:Test>` +
    `<message:Prepared>${escapeXml(data.prepared)}</message:Prepared><message:Sender${attr('id', SDMX_AGENCY)}/>` +
    `<message:Structure${attr('structureID', structureId(data))}${structure}${attr('dimensionAtObservation', obsLevel(data))}>` +
    `<common:Structure>${ref}</common:Structure></message:Structure>` +
    '</message:Header>'
  );
}

const structureId = (data: SdmxData): string => `${SDMX_AGENCY}_${data.flowId}_${SDMX_VERSION.replace('.', '_')}`;

/** A data set's action and validity (SDMX-ML 2.1 SetAttributeGroup), with the prefix of the format's data set attributes. */
const setAttrs = (set: SdmxDataSet, prefix: string): string =>
  (set.action ? attr(`${prefix}action`, set.action) : '') +
  (set.validFrom ? attr(`${prefix}validFromDate`, set.validFrom) : '') +
  (set.validTo ? attr(`${prefix}validToDate`, set.validTo) : '');

/** The attributes of a series key (structure-specific data). */
const keyAttrs = (data: SdmxData, s: SdmxSeries): string => data.dimIds.map((id, d) => attr(id, s.key[d])).join('');

/**
 * A data message as SDMX-ML 2.1 structure-specific data.
 * @example structureSpecificXml(buildSdmxData(view, names, options)) // '<?xml …><message:StructureSpecificData …'
 */
export function structureSpecificXml(data: SdmxData): string {
  const ns = `${structureUrn(data.flowId)}:ObsLevelDim:${obsLevel(data)}`;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<message:StructureSpecificData xmlns:message="${SDMX_NS.message}" xmlns:common="${SDMX_NS.common}" xmlns:ss="${DATA_NS.structurespecific}" xmlns:ns1="${escapeXml(ns)}" xmlns:xsi="${SDMX_NS.xsi}">`,
    header(data, attr('namespace', ns)),
  ];
  for (const set of data.sets) {
    out.push(`<message:DataSet ss:dataScope="DataStructure" xsi:type="ns1:DataSetType"${attr('ss:structureRef', structureId(data))}${setAttrs(set, 'ss:')}>`);
    structureSpecificSeries(data, set, out);
    out.push('</message:DataSet>');
  }
  out.push('</message:StructureSpecificData>\n');
  return out.join('');
}

/** The series (or flat observations) of one data set, structure-specific. */
function structureSpecificSeries(data: SdmxData, set: SdmxDataSet, out: string[]): void {
  const observations = hasObservations(data.detail);
  for (const s of set.series) {
    if (data.atObservation === 'AllDimensions') {
      if (!observations) continue;
      const key = keyAttrs(data, s);
      for (let i = 0; i < s.periods.length; i++) out.push(`<Obs${key} ${TIME_PERIOD}="${s.periods[i]}" ${OBS_VALUE}="${value(s.values[i])}"/>`);
      continue;
    }
    if (!observations) {
      out.push(`<Series${keyAttrs(data, s)}/>`);
      continue;
    }
    out.push(`<Series${keyAttrs(data, s)}>`);
    for (let i = 0; i < s.periods.length; i++) out.push(`<Obs ${TIME_PERIOD}="${s.periods[i]}" ${OBS_VALUE}="${value(s.values[i])}"/>`);
    out.push('</Series>');
  }
}

/** A key as generic `Value` elements. */
const genericValues = (data: SdmxData, s: SdmxSeries): string =>
  data.dimIds.map((id, d) => `<generic:Value${attr('id', id)}${attr('value', s.key[d])}/>`).join('');

/**
 * A data message as SDMX-ML 2.1 generic data.
 * @example genericXml(buildSdmxData(view, names, options)) // '<?xml …><message:GenericData …'
 */
export function genericXml(data: SdmxData): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<message:GenericData xmlns:message="${SDMX_NS.message}" xmlns:common="${SDMX_NS.common}" xmlns:generic="${DATA_NS.generic}">`,
    header(data, ''),
  ];
  for (const set of data.sets) {
    out.push(`<message:DataSet${attr('structureRef', structureId(data))}${setAttrs(set, '')}>`);
    genericSeries(data, set, out);
    out.push('</message:DataSet>');
  }
  out.push('</message:GenericData>\n');
  return out.join('');
}

/** The series (or flat observations) of one data set, generic. */
function genericSeries(data: SdmxData, set: SdmxDataSet, out: string[]): void {
  const observations = hasObservations(data.detail);
  for (const s of set.series) {
    const key = genericValues(data, s);
    if (data.atObservation === 'AllDimensions') {
      if (!observations) continue;
      for (let i = 0; i < s.periods.length; i++)
        out.push(
          `<generic:Obs><generic:ObsKey>${key}<generic:Value id="${TIME_PERIOD}" value="${s.periods[i]}"/></generic:ObsKey><generic:ObsValue value="${value(s.values[i])}"/></generic:Obs>`,
        );
      continue;
    }
    out.push(`<generic:Series><generic:SeriesKey>${key}</generic:SeriesKey>`);
    if (observations)
      for (let i = 0; i < s.periods.length; i++)
        out.push(`<generic:Obs><generic:ObsDimension value="${s.periods[i]}"/><generic:ObsValue value="${value(s.values[i])}"/></generic:Obs>`);
    out.push('</generic:Series>');
  }
}
