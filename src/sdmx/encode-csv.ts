/**
 * SDMX-CSV 1.0 data messages (issue 22): a `DATAFLOW` column
 * (`AGENCY:ID(VERSION)`), one column per dimension (SDMX ids), `TIME_PERIOD`
 * and `OBS_VALUE`; a missing value is an empty field.
 *
 * Pure code without Node imports.
 */
import { numberText } from '../data/number-text.js';
import { csvField } from '../query/encode.js';
import { hasObservations, type SdmxData } from './data-message.js';
import { OBS_VALUE, SDMX_VERSION, TIME_PERIOD } from './structure-xml.js';
import { SDMX_AGENCY } from './names.js';

/**
 * A data message as SDMX-CSV 1.0 (one row per observation; with a detail
 * without observations, one row per series without period and value).
 * @example sdmxCsv(buildSdmxData(view, names, options)) // 'DATAFLOW,…,TIME_PERIOD,OBS_VALUE\nDATASERIES:ch_fso_ppi(1.0),…'
 */
export function sdmxCsv(data: SdmxData): string {
  const flow = `${SDMX_AGENCY}:${data.flowId}(${SDMX_VERSION})`;
  const out: string[] = [['DATAFLOW', ...data.dimIds, TIME_PERIOD, OBS_VALUE].map(csvField).join(',') + '\n'];
  const withObs = hasObservations(data.detail);
  for (const s of data.sets.flatMap((set) => set.series)) {
    const lead = [flow, ...s.key].map(csvField).join(',') + ',';
    if (!withObs) {
      out.push(`${lead},\n`);
      continue;
    }
    for (let i = 0; i < s.periods.length; i++) {
      const v = s.values[i];
      out.push(`${lead}${s.periods[i]},${Number.isNaN(v) ? '' : numberText(v)}\n`);
    }
  }
  return out.join('');
}
