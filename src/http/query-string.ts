import { parse } from 'fast-querystring';

// anything but printable ASCII may need composing (control characters only cost a normalize)
const NOT_PRINTABLE_ASCII = /[^ -~\t\r\n]/;

/**
 * The one parser of query strings, for Fastify's routes and the fast lanes
 * (fast-lane.ts): fast-querystring, then names and values in Unicode NFC, so
 * a code typed or pasted in decomposed form (`Tu%CC%88rkiye`, u + combining
 * diaeresis) selects what its composed form (`Türkiye`) selects. Published
 * codes are in NFC; the loader warns of any that is not (data/parse-meta.ts).
 * @example parseQueryString('partner=Tu%CC%88rkiye').partner // 'Türkiye'
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const query = parse(text) as Record<string, unknown>;
  // an ASCII query without escapes has nothing to compose (the cold path's usual case)
  if (!text.includes('%') && !NOT_PRINTABLE_ASCII.test(text)) return query;
  for (const name of Object.keys(query)) {
    const value = query[name];
    const composed = Array.isArray(value) ? value.map(nfc) : nfc(value as string);
    const key = nfc(name);
    if (key === name) query[name] = composed;
    else {
      delete query[name];
      const before = query[key];
      query[key] = before === undefined ? composed : [before, composed].flat();
    }
  }
  return query;
}

function nfc(text: string): string {
  return NOT_PRINTABLE_ASCII.test(text) ? text.normalize('NFC') : text;
}
