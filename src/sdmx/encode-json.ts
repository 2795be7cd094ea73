/**
 * SDMX-JSON 1.0 data messages (issue 22): `header`, one `dataSets` entry
 * per data set (its `action`, and `validFrom`/`validTo` with the history questions) whose series (or, with all dimensions at the observation, observations)
 * are keyed by positions into the values of `structure.dimensions`, which
 * list only the codes and periods the message uses.
 *
 * Pure code without Node imports.
 */
import { hasObservations, structureUrn, type SdmxData } from './data-message.js';
import { TIME_PERIOD } from './structure-xml.js';
import { SDMX_AGENCY } from './names.js';

/** Positions of the values used, in order of first use. */
class Used {
  readonly values: string[] = [];
  private readonly at = new Map<string, number>();
  of(value: string): number {
    let i = this.at.get(value);
    if (i === undefined) this.at.set(value, (i = this.values.push(value) - 1));
    return i;
  }
}

const obsValue = (v: number): number | null => (Number.isNaN(v) ? null : v);
const dimension = (id: string, keyPosition: number | undefined, used: Used, role?: string) => ({
  id,
  name: id,
  ...(keyPosition === undefined ? {} : { keyPosition }),
  ...(role ? { role } : {}),
  values: used.values.map((v) => ({ id: v, name: v })),
});

/**
 * A data message as SDMX-JSON 1.0.
 * @example sdmxJson(buildSdmxData(view, names, options)) // '{"header":…,"dataSets":[…],"structure":…}'
 */
export function sdmxJson(data: SdmxData): string {
  const dims = data.dimIds.map(() => new Used());
  const times = new Used();
  const flat = data.atObservation === 'AllDimensions';
  const withObs = hasObservations(data.detail);
  const dataSets = data.sets.map((set) => {
    const series: Record<string, unknown> = {};
    const observations: Record<string, (number | null)[]> = {};
    for (const s of set.series) {
      const key = s.key.map((code, d) => dims[d].of(code)).join(':');
      if (flat) {
        if (withObs) for (let i = 0; i < s.periods.length; i++) observations[`${key}:${times.of(s.periods[i])}`] = [obsValue(s.values[i])];
        continue;
      }
      const obs: Record<string, (number | null)[]> = {};
      if (withObs) for (let i = 0; i < s.periods.length; i++) obs[times.of(s.periods[i])] = [obsValue(s.values[i])];
      series[key] = { attributes: [], observations: obs };
    }
    const validity = { ...(set.validFrom ? { validFrom: set.validFrom } : {}), ...(set.validTo ? { validTo: set.validTo } : {}) };
    return { action: set.action ?? 'Information', ...validity, ...(flat ? { observations } : { series }) };
  });
  const keyDims = data.dimIds.map((id, d) => dimension(id, d, dims[d]));
  const time = dimension(TIME_PERIOD, undefined, times, 'time');
  const message = {
    header: { id: data.id, test: false, prepared: data.prepared, sender: { id: SDMX_AGENCY } },
    dataSets,
    structure: {
      links: [{ rel: 'datastructure', urn: structureUrn(data.flowId) }],
      name: data.flowId,
      dimensions: { dataSet: [], series: flat ? [] : keyDims, observation: flat ? [...keyDims, time] : [time] },
      attributes: { dataSet: [], series: [], observation: [] },
    },
  };
  return JSON.stringify(message);
}
