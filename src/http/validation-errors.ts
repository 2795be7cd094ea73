import { BadParameterError } from '../errors/ds-error.js';

/** The parts of an Ajv error this module reads. */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** the offending value (Ajv `verbose`) */
  data?: unknown;
}

/**
 * Turns the first schema-validation error of a request into a 400 that names
 * the parameter, what was wrong, and what would be right. The schemas that
 * validate are the ones `/openapi.json` publishes, so the message and the docs
 * agree.
 */
export function schemaErrorToBadParameter(errors: SchemaError[], where: string, known: string[] = []): BadParameterError {
  const e = errors[0];
  const name = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(e.params.missingProperty ?? e.params.additionalProperty ?? where);
  switch (e.keyword) {
    case 'required':
      return new BadParameterError(`Missing required parameter '${e.params.missingProperty}'.`, { parameter: e.params.missingProperty }, 'missing_parameter');
    case 'additionalProperties':
      return new BadParameterError(
        `Unknown parameter '${e.params.additionalProperty}'.${known.length ? ` Known parameters: ${known.join(', ')}.` : ''}`,
        { parameter: e.params.additionalProperty, valid: known },
        'unknown_parameter',
      );
    case 'enum':
      return new BadParameterError(
        `${name === 'transform' ? 'Unknown' : 'Invalid'} ${name}${got(e)}: use one of ${(e.params.allowedValues as unknown[]).join(', ')}.`,
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
      return new BadParameterError(`Invalid ${name}${got(e)}: ${e.message}.`, { parameter: name }, 'bad_parameter');
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

function got(e: SchemaError): string {
  return typeof e.data === 'string' || typeof e.data === 'number' ? ` '${String(e.data).slice(0, 100)}'` : '';
}

function describePattern(name: string, pattern: string): string {
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}|-'))
    return 'expected an ISO date YYYY-MM-DD (e.g. 2020-01-01) or a window back from the last observation (e.g. -5y, -8q, -18m)';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return 'expected an ISO date YYYY-MM-DD, e.g. 2020-01-01';
  if (name === 'dataset' || name === 'id') return 'expected a dataset id of lowercase letters, digits and _ (e.g. ch_fso_ppi)';
  return `must match ${pattern}`;
}
