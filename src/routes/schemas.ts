/**
 * JSON schemas of the request parameters. Fastify validates every request
 * with them, and the same objects generate `/openapi.json`, so the docs and
 * the validation cannot drift apart. Their `examples` prefill "Try it out"
 * in /__docs__/: together they must make a selection that exists in the
 * real data (a test executes every operation with them).
 */

import { LAST_MAX } from '../query/param-rules.js';
import { transformDescription } from '../query/transforms.js';
import { TRANSFORMS } from '../query/view.js';
import { MAX_COMPARE } from '../selection/compare.js';

const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** from/to: an ISO date or a relative window; the selection reader (query/date-bound.ts) checks the unit and the range. */
const DATE_BOUND = '^(\\d{4}-\\d{2}-\\d{2}|-\\d+[a-z])$';
const RELATIVE_NOTE = "a window back from the dataset's last observation: -N with a unit y, q, m, w or d (-5y, -8q, -18m, -26w, -90d)";

/** A dataset id. */
export const datasetIdSchema = {
  type: 'string',
  pattern: '^[a-z0-9_]+$',
  maxLength: 100,
  description: 'Dataset id (see GET /catalog).',
  // ch_fso_ppi has the dimension `base` of the dims example
  examples: ['ch_fso_ppi'],
} as const;

/** The selection parameters shared by every output of a selection (DESIGN §3). */
export const selectionProperties = {
  dataset: datasetIdSchema,
  dims: {
    type: 'string',
    maxLength: 4000,
    description:
      'Codes per dimension: `dim=code[,code...][;dim=code...]`, e.g. `type=real;structure=gdp,gva`. Several codes select all of them; an absent dimension selects all its levels; absent `dims` selects the whole dataset.',
    examples: ['base=2020'],
  },
  from: {
    type: 'string',
    pattern: DATE_BOUND,
    description: `First date, inclusive (YYYY-MM-DD), or ${RELATIVE_NOTE}, e.g. -5y: the last 5 years.`,
    examples: ['2020-01-01', '-5y'],
  },
  to: { type: 'string', pattern: DATE_BOUND, description: `Last date, inclusive (YYYY-MM-DD), or ${RELATIVE_NOTE}.`, examples: ['2024-12-01', '-1y'] },
  last: { type: 'integer', minimum: 1, maximum: LAST_MAX, description: 'Only the last N observations of each series (after from/to).' },
  transform: { type: 'string', enum: TRANSFORMS, description: transformDescription() },
  base: { type: 'string', pattern: ISO_DATE, description: 'Base date of transform=index (YYYY-MM-DD).' },
} as const;

/** One `compare` value: a dataset id, then its `dims` after a colon. */
const COMPARE_VALUE = { type: 'string', minLength: 1, maxLength: 1000 } as const;

/**
 * How a chart image draws its selection, with the dataset page's grammar
 * and reading (src/routes/chart-display.ts reads them with the page's
 * readers), so that a download equals the screen (issue 23).
 */
export const chartDisplayProperties = {
  scale: {
    type: 'string',
    enum: ['linear', 'log'],
    description: 'The value axis: `log` draws a logarithmic one when every value drawn is above zero (else a linear one), as the dataset page does.',
  },
  compare: {
    anyOf: [COMPARE_VALUE, { type: 'array', items: COMPARE_VALUE, maxItems: MAX_COMPARE }],
    description: `Series of another dataset on the same chart, as the dataset page writes them: \`compare=<dataset>:<dim>=<code>[,<code>…][;<dim>=<code>…]\` (\`compare=<dataset>\` alone: its opening series), repeated for each (at most ${MAX_COMPARE}). They take the period and transform of the selection; a second unit goes on a right-hand axis.`,
  },
} as const;

/** Query-string schema of a route that takes no parameters: any is refused, except `_`-prefixed cache busters. */
export const NO_PARAMS = { type: 'object', properties: {}, patternProperties: { '^_': {} }, additionalProperties: false } as const;

/** `download=1`: the same body as an attachment (Content-Disposition), for a download link. */
export const downloadProperty = {
  type: 'string',
  enum: ['1', 'true', '0', 'false'],
  description: 'With 1 (or true) the answer carries `Content-Disposition: attachment` and a file name; the body is unchanged.',
} as const;

/** Query-string schema of a selection route; unknown parameters are rejected, except `_`-prefixed cache busters. */
export const selectionQuerySchema = {
  type: 'object',
  required: ['dataset'],
  properties: { ...selectionProperties, download: downloadProperty },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;
