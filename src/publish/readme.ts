import type { License } from '../data/model.js';
import { pickLabel } from '../i18n/labels.js';

/**
 * The README of a published data directory: what the files are, how to read
 * them, and every dataset with its license (the license decides what a user
 * may do with the data, so it is next to each dataset, not only in a file).
 */

/** What the README reads of a published catalog entry. */
interface EntryFacts {
  id: string;
  title?: { en?: string } | null;
  frequency?: string | null;
  start?: string | null;
  end?: string | null;
  n_series?: number | null;
  license?: string | null;
}

/** A Markdown table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

function licenseCell(key: string | null | undefined, licenses: Map<string, License>): string {
  if (!key) return '';
  const license = licenses.get(key);
  const name = license ? pickLabel(license.name, 'en') : key;
  return license?.url ? `[${cell(name)}](${license.url})` : cell(name);
}

/** Renders README.md for a published catalog. */
export function renderReadme(entries: Record<string, unknown>[], licenses: Map<string, License>): string {
  const rows = entries.map((raw) => {
    const e = raw as unknown as EntryFacts;
    const span = e.start && e.end ? `${e.start} – ${e.end}` : '';
    return `| \`${e.id}\` | ${cell(e.title?.en ?? '')} | ${cell(e.frequency ?? '')} | ${span} | ${e.n_series ?? ''} | ${licenseCell(e.license, licenses)} |`;
  });
  const example = String(entries[0]?.id ?? 'dataset_id');
  return `# Published datasets

${entries.length} statistical datasets, each in three files:

- \`{id}.csv\`: tidy long CSV (UTF-8): the dimension columns in \`dim_order\`, then
  \`date\` (ISO \`YYYY-MM-DD\`, the first day of the period), then \`value\` (empty
  when missing). Rows are sorted by the dimension codes, then by date.
- \`{id}.json\`: the metadata: title, source, license, units, the dimensions
  with their levels, labels in English, German, French and Italian.
- \`{id}.parquet\`: the same rows as the CSV with typed columns: codes as text,
  \`date\` as DATE, \`value\` as DOUBLE (NULL when missing).

Every publish is a vintage, named by its UTC time stamp (\`YYYY-MM-DDTHH:MM:SSZ\`;
\`publish.json\` lists them all). Beside each dataset, its revision history:

- \`{id}.vintages.csv\` (and \`{id}.vintages.parquet\`): every value a later
  publish revised or removed: the columns of \`{id}.csv\`, then \`valid_from\` and
  \`valid_to\`, the stamps of the publishes between which it was the published
  value (from inclusive, to exclusive). The current values are in \`{id}.csv\`.
- \`{id}.vintages.json\`: the publishes that changed the dataset, each with the
  observations it added (so an observation is absent before it was added).
- \`{id}.vintages/{stamp}.json\` (stamp without \`-\` and \`:\`): the catalog
  entry and metadata as they were at that publish (labels can change too).

\`catalog.json\` lists the datasets (first and last date and number of series
come from the data); \`categories.json\`, \`licenses.json\` and \`sources.json\` are
the vocabularies they refer to.

Codes are text (\`047\` is not 47): read the CSV's dimension columns as strings.
The Parquet files carry the types. Reading a dataset:

\`\`\`python
import pandas as pd
df = pd.read_parquet("${example}.parquet")
\`\`\`

\`\`\`r
df <- arrow::read_parquet("${example}.parquet")
\`\`\`

\`\`\`sql
SELECT * FROM '${example}.parquet';  -- DuckDB
\`\`\`

Each dataset is published under its own license: check it before reuse.

| id | title | frequency | period | series | license |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
}
