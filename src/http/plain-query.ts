/**
 * The common case of a route's query schema read straight from the schema
 * (issue 24, round 5): the properties whose schema is a plain string (type,
 * pattern, maxLength, enum), their defaults, the required ones, `_` cache
 * busters. A query made only of those, each given once and within its
 * schema, is one the route's Ajv validator accepts too, and gets the same
 * defaults; anything else is Ajv's to judge. The schema stays the one rule:
 * nothing here names a parameter.
 */

/** Accepts a query (filling its defaults, as Ajv's useDefaults does), or undefined: the route's validator must judge it. */
export type PlainCheck = (query: Record<string, unknown>) => true | undefined;

/** The keywords a plain string property may have: what Ajv checks of them is redone here; the rest only documents. */
const PLAIN_KEYWORDS = new Set(['type', 'pattern', 'maxLength', 'enum', 'default', 'description', 'examples']);

/** What a query object schema may be besides its properties for the check to apply. */
const OBJECT_KEYWORDS = new Set(['type', 'required', 'properties', 'patternProperties', 'additionalProperties', 'description']);

interface JsonSchema {
  [keyword: string]: unknown;
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, unknown>;
  required?: string[];
}

/** A plain property's check of its value (a string); null when its schema is not plain. */
function plainValue(schema: JsonSchema): ((text: string) => boolean) | null {
  if (schema.type !== 'string' || Object.keys(schema).some((k) => !PLAIN_KEYWORDS.has(k))) return null;
  const { pattern, maxLength, enum: allowed } = schema;
  if (allowed !== undefined && !(Array.isArray(allowed) && allowed.every((v) => typeof v === 'string'))) return null;
  if (schema.default !== undefined && typeof schema.default !== 'string') return null;
  // Ajv's patterns are unicode regular expressions (its unicodeRegExp default)
  const re = typeof pattern === 'string' ? new RegExp(pattern, 'u') : null;
  // Ajv counts code points: a text no longer in UTF-16 units is no longer in code points
  const max = typeof maxLength === 'number' ? maxLength : Infinity;
  const enumSet = allowed ? new Set(allowed as string[]) : null;
  return (text) => text.length <= max && (re === null || re.test(text)) && (enumSet === null || enumSet.has(text));
}

/** True when the schema's only pattern property is `^_` taking anything (the cache busters), or it has none. */
function onlyCacheBusters(patterns: JsonSchema['patternProperties']): boolean {
  if (patterns === undefined) return true;
  const names = Object.keys(patterns);
  return names.length === 1 && names[0] === '^_' && Object.keys(patterns['^_'] as object).length === 0;
}

/**
 * The plain check of a query schema, or null when the schema is not an
 * object of properties that refuses others (every query then goes to Ajv).
 * @example plainQueryCheck(outputQuerySchema(SELECTION_OUTPUTS.csv))!({ dataset: 'ch_fso_ppi' }) // true (and lang: 'en' filled in)
 */
export function plainQueryCheck(schema: object): PlainCheck | null {
  const s = schema as JsonSchema;
  if (s.type !== 'object' || s.additionalProperties !== false || !s.properties || !onlyCacheBusters(s.patternProperties)) return null;
  if (Object.keys(s).some((k) => !OBJECT_KEYWORDS.has(k))) return null;
  // each property's check; null: Ajv judges a query that gives it
  const checks = new Map<string, ((text: string) => boolean) | null>();
  const defaults: [string, string][] = [];
  for (const [name, property] of Object.entries(s.properties)) {
    const check = plainValue(property);
    // a default of a property judged by Ajv alone would be missed here
    if (check === null && property.default !== undefined) return null;
    checks.set(name, check);
    if (check !== null && property.default !== undefined) defaults.push([name, property.default as string]);
  }
  const required = s.required ?? [];
  // `_` names pass only where the schema takes them (its one pattern property, onlyCacheBusters)
  const busters = s.patternProperties !== undefined;
  return (query) => {
    for (const name in query) {
      const check = checks.get(name);
      const value = query[name];
      if (check === null || (check === undefined ? !(busters && name.startsWith('_')) : typeof value !== 'string' || !check(value))) return undefined;
    }
    for (const name of required) if (query[name] === undefined && !defaults.some(([d]) => d === name)) return undefined;
    for (const [name, value] of defaults) if (query[name] === undefined) query[name] = value;
    return true;
  };
}
