import { errorMessage } from '../errors/catalogue.js';
import { BadParameterError } from '../errors/ds-error.js';
import { grammarProblem, repeatedProblem, unknownParameterProblem, type SelectionProblem } from '../selection/params.js';

/** The parts of an Ajv error this module reads. */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** the offending value (Ajv `verbose`) */
  data?: unknown;
  /** the schema of the value (Ajv `verbose`) */
  parentSchema?: { type?: unknown; minimum?: number; maximum?: number };
}

/**
 * Turns the first schema-validation error of a request into a 400 that names
 * the parameter, what was wrong, and what would be right. The schemas that
 * validate are the ones `/openapi.json` publishes, so the message and the docs
 * agree.
 */
export function schemaErrorToBadParameter(
  errors: SchemaError[],
  where: string,
  known: string[] = [],
  path = 'this route',
  dataset: { id: string; dimensions: string[] } | null = null,
): BadParameterError {
  const e = errors[0];
  const name = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(e.params.missingProperty ?? e.params.additionalProperty ?? where);
  const said = e.instancePath === '' ? null : selectionProblem(name, e.data);
  if (said) return new BadParameterError(said.message, said.facts, said.code);
  switch (e.keyword) {
    case 'required':
      return new BadParameterError(`Missing required parameter '${e.params.missingProperty}'.`, { parameter: e.params.missingProperty }, 'missing_parameter');
    case 'additionalProperties':
      if (dataset?.dimensions.includes(String(e.params.additionalProperty))) return dimensionAsParameter(e, dataset.id);
      if (known.length) {
        const unknown = unknownParameterProblem(String(e.params.additionalProperty), 'query', known);
        return new BadParameterError(unknown.message, unknown.facts, unknown.code);
      }
      return new BadParameterError(
        errorMessage('unknown_parameter', { parameter: e.params.additionalProperty, path }, 'none'),
        { parameter: e.params.additionalProperty, valid: known },
        'unknown_parameter',
      );
    case 'enum':
      return new BadParameterError(
        `Invalid ${name}${got(e)}: use one of ${(e.params.allowedValues as unknown[]).join(', ')}.`,
        { parameter: name, valid: e.params.allowedValues },
        'bad_parameter',
      );
    case 'pattern':
      return new BadParameterError(`Invalid ${name}${got(e)}: ${describePattern(name, String(e.params.pattern))}.`, { parameter: name }, 'bad_parameter');
    case 'type':
      return new BadParameterError(
        `Invalid ${name}${got(e)}: expected ${e.params.type === 'integer' ? 'a whole number' : e.params.type}.`,
        { parameter: name },
        'bad_parameter',
      );
    case 'minimum':
    case 'maximum':
      return new BadParameterError(`Invalid ${name}${got(e)}: ${bounds(e)}.`, { parameter: name }, 'bad_parameter');
    case 'maxLength':
    case 'minLength':
      return new BadParameterError(
        `Invalid ${name}: must have ${e.keyword === 'maxLength' ? 'at most' : 'at least'} ${e.params.limit} characters.`,
        { parameter: name },
        'bad_parameter',
      );
    default:
      return new BadParameterError(`Invalid ${name}: ${e.message ?? 'not valid'}.`, { parameter: name }, 'bad_parameter');
  }
}

/** A dimension written as its own parameter (`type=sd`, as page URLs allow): the API takes it in `dims`. */
function dimensionAsParameter(e: SchemaError, datasetId: string): BadParameterError {
  const dim = String(e.params.additionalProperty);
  const value = (e.data as Record<string, unknown> | undefined)?.[dim];
  const codes = Array.isArray(value) ? value.join(',') : String(value ?? 'code');
  const message = errorMessage('unknown_parameter', { parameter: dim, dataset: datasetId, codes: codes.slice(0, 100) }, 'dimension');
  return new BadParameterError(message, { parameter: dim, dataset: datasetId }, 'unknown_parameter');
}

/**
 * A value the schema refused, in the words of the table of selection
 * parameters (selection/params.ts), so a route whose schema catches the
 * mistake first says what every other route says.
 */
function selectionProblem(name: string, data: unknown): SelectionProblem | null {
  if (Array.isArray(data)) return repeatedProblem(name, data);
  return grammarProblem(name, String(data));
}

/** What a number out of bounds should be: both bounds when the schema has both. */
function bounds(e: SchemaError): string {
  const { type, minimum, maximum } = e.parentSchema ?? {};
  const what = type === 'integer' ? 'a whole number' : 'a number';
  return minimum !== undefined && maximum !== undefined ? `expected ${what} from ${minimum} to ${maximum}` : (e.message ?? 'out of range');
}

function got(e: SchemaError): string {
  return typeof e.data === 'string' || typeof e.data === 'number' ? ` '${String(e.data).slice(0, 100)}'` : '';
}

function describePattern(name: string, pattern: string): string {
  if (name === 'dataset' || name === 'id') return 'expected a dataset id of lowercase letters, digits and _ (e.g. ch_fso_ppi)';
  return `must match ${pattern}`;
}
