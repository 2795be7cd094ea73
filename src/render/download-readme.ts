/**
 * The README.md of a selection's zip (`/series.zip`, issue 21): what the
 * files are, the title, source, license and its terms, the selection's URLs,
 * the vintage and a suggested citation. The facts are the download metadata
 * the Excel sheet writes (query/download-metadata.ts), the terms the
 * /licenses page's, the citation the dataset page's (pages/citation.ts),
 * naming the vintage as the data version.
 */
import type { Lang, Snapshot } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';
import { uiStrings } from '../i18n/strings.js';
import { buildDownloadMetadata } from './download-metadata.js';
import type { SelectionView } from '../query/view.js';
import { pageUrl, urlPartsOf } from '../urls.js';
import { buildCitations } from './pages/citation.js';
import { termsOf } from './pages/licenses.js';

/** The metadata rows the README says elsewhere, or that name another file. */
const README_LEAVES_OUT = new Set(['title', 'citation', 'xlsx_url']);

/** What the README names besides the computed selection. */
export interface ReadmeInput {
  view: SelectionView;
  snapshot: Snapshot;
  baseUrl: string;
  lang: Lang;
  /** the vintage of the data (its publish's time stamp), or null when nothing says when it was published */
  vintage: string | null;
  /** the URL of the zip itself */
  zipUrl: string;
  /** the names of the files beside the README */
  files: { csv: string; meta: string };
}

/**
 * The README of a zip of a selection, in Markdown.
 * @example renderDownloadReadme({ view, snapshot, baseUrl: 'https://x.org', lang: 'en', vintage: '2026-03-01T12:30:15Z', … }).split('\n')[0] // '# Producer price index'
 */
export function renderDownloadReadme(input: ReadmeInput): string {
  const { view, snapshot, baseUrl, lang } = input;
  const m = view.dataset.meta;
  const t = uiStrings(lang);
  const license = snapshot.licenses.get(m.license);
  const page = pageUrl(baseUrl, lang, urlPartsOf(view.selection), m.dimOrder);
  // the title heads the README and the citation has its own section; the sheet's "this file" is the workbook
  const rows = buildDownloadMetadata(view, snapshot, baseUrl, lang).filter((r) => !README_LEAVES_OUT.has(r.key));
  const citations = buildCitations(
    {
      source: pickLabel(m.source.name, lang) || m.source.key || m.id,
      title: pickLabel(m.title, lang),
      datasetId: m.id,
      url: page,
      version: input.vintage ?? view.dataset.version,
      updated: input.vintage ?? m.updated,
      // no day of access: the zip's bytes are a function of the data and the selection (cached, immutable with as_of)
      accessed: null,
      lang,
    },
    t.dataset,
  );
  return [
    `# ${pickLabel(m.title, lang)}`,
    '',
    `Vintage: ${input.vintage ?? view.dataset.version}`,
    `Selection: ${page}`,
    `Retrieved from: ${input.zipUrl}`,
    '',
    '## Files',
    '',
    `- \`${input.files.csv}\`: the observations, one row per observation, with codes and labels (as \`/series.csv?labels=true\`).`,
    `- \`${input.files.meta}\`: the dataset's metadata (as \`/dataset/${m.id}/meta\`): dimensions, levels, units, source, license.`,
    '',
    '## License',
    '',
    `${license ? pickLabel(license.name, lang) : m.license}${license?.url ? ` (${license.url})` : ''}: ${termsOf(license, t).join('; ')}.`,
    '',
    '## About the data',
    '',
    ...rows.map((r) => `- ${r.name}: ${r.value}`),
    '',
    '## Suggested citation',
    '',
    citations.plain,
    '',
    '```bibtex',
    citations.bibtex,
    '```',
    '',
  ].join('\n');
}
