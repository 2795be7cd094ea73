/**
 * The default demo directory (`demo-data/`): a handful of hand-labelled
 * datasets that together show every shape and quirk of the real files.
 */
import { join } from 'node:path';
import { prepareOutDir, publishDataset, writeJson, type DatasetFiles, type Series } from '../publish.js';
import { CATEGORIES, LICENSES, SOURCES } from '../vocabularies.js';
import { activityDataset } from './activity.js';
import { barometerDataset } from './barometer.js';
import { cpiDataset } from './cpi.js';
import { gdpDataset } from './gdp.js';
import { labourDataset } from './labour.js';
import { populationDataset } from './population.js';

/** The demo datasets in catalog order. */
export const SMALL_DATASETS: (() => { files: DatasetFiles; series: Series[] })[] = [
  gdpDataset,
  cpiDataset,
  labourDataset,
  barometerDataset,
  activityDataset,
  populationDataset,
];

/** Writes the small demo directory; returns the number of datasets and observations. */
export function generateSmall(outDir: string): { datasets: number; observations: number } {
  prepareOutDir(outDir);
  const catalog = [];
  let observations = 0;
  for (const make of SMALL_DATASETS) {
    const { files, series } = make();
    catalog.push(publishDataset(outDir, files, series));
    observations += series.reduce((n, s) => n + s.dates.length, 0);
  }
  writeJson(join(outDir, 'catalog.json'), catalog);
  writeJson(join(outDir, 'categories.json'), CATEGORIES);
  writeJson(join(outDir, 'licenses.json'), LICENSES);
  writeJson(join(outDir, 'sources.json'), SOURCES);
  return { datasets: catalog.length, observations };
}
