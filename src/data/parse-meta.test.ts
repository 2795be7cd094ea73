// The metadata reader's warnings about names a query cannot reach.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES } from '../../test/helpers.js';
import { parseMeta } from './parse-meta.js';

const TINY = JSON.parse(readFileSync(path.join(FIXTURES, 'tiny', 'tiny_cube.json'), 'utf8')) as {
  dimensions: Record<string, { levels: Record<string, unknown> }>;
};

describe('names not in Unicode NFC', () => {
  it('a code or a dimension id in decomposed form is served, with a warning that queries (read in NFC) cannot select it', () => {
    const raw = structuredClone(TINY);
    raw.dimensions.kind.levels['Tu\u0308rkiye'] = { label: { en: 'Türkiye' } };
    const warnings: string[] = [];
    const meta = parseMeta(raw, 'tiny_cube', {}, (w) => warnings.push(w));
    assert.ok(meta.dimensions[0].index.has('Tu\u0308rkiye'), 'still served as published');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /"dimensions\.kind" has 1 name\(s\) not in Unicode NFC .*publish them in NFC/);
    const clean: string[] = [];
    parseMeta(structuredClone(TINY), 'tiny_cube', {}, (w) => clean.push(w));
    assert.deepEqual(clean, []);
  });
});
