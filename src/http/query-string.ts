import { parse } from 'fast-querystring';

// anything but printable ASCII may need composing (control characters only cost a normalize)
const NOT_PRINTABLE_ASCII = /[^ -~\t\r\n]/;
// a query whose decoded text is all ASCII has nothing to compose: no raw character above U+007F, no escaped byte above 0x7F
const MAY_DECODE_BEYOND_ASCII = /[^\0-\x7f]|%[89a-fA-F]/;

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
  // an ASCII query, escapes of ASCII included (`dims=a%3Dx%3Bb%3Dy`: the cold path's usual case), has nothing to compose
  if (!MAY_DECODE_BEYOND_ASCII.test(text)) return query;
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
