// Rules of the table of selection parameters said once (issue 20): no file
// but params.ts writes a parameter's default, and the grammar of a relative
// date lives in query/date-bound.ts alone. The checks read the sources as
// text, since a second copy of a rule is a fault of the code, not of a value.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import { RELATIVE_UNITS } from '../query/date-bound.js';
import { PROJECT_ROOT as projectRoot } from '../project-root.js';

/** The TypeScript sources (no tests) under the given folders of the project. */
function sources(...folders: string[]): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        out.push({ file: relative(projectRoot, path), text: readFileSync(path, 'utf8') });
    }
  };
  for (const folder of folders) walk(join(projectRoot, folder));
  return out;
}

/** The lines of the sources that match a pattern, as `file: line`. */
function matching(files: { file: string; text: string }[], pattern: RegExp): string[] {
  // comments (JSDoc examples) show what the code says; they are not a second copy of it
  const code = (line: string): boolean => !/^\s*(\*|\/\/)/.test(line);
  return files.flatMap(({ file, text }) => text.split('\n').flatMap((line) => (code(line) && pattern.test(line) ? [`${file}: ${line.trim()}`] : [])));
}

describe('the rules of the parameter table are said once', () => {
  it("no file but params.ts falls back to a parameter's default by hand (transform, aggregation, partial, scale)", () => {
    // data/ reads the published meta (a dataset's own default transform), below the table's layer
    const files = sources('src', 'client').filter(({ file }) => !file.startsWith('src/data/') && file !== 'src/selection/params.ts');
    const found = [...matching(files, /\?\?\s*'(level|mean|linear)'/), ...matching(files, /(partial|boolean \| undefined\))\s*\?\?\s*false/)];
    assert.deepEqual(found, []);
  });

  it('the grammar of a relative date (its pattern, units and examples) is written in query/date-bound.ts alone', () => {
    // the catalogue (below the query layer) describes the code in prose: it names the units as date-bound.ts has them
    assert.match(
      ERROR_CATALOGUE.bad_relative_date.description,
      new RegExp(`unit ${Object.keys(RELATIVE_UNITS).slice(0, -1).join(', ')} or ${Object.keys(RELATIVE_UNITS).at(-1)},`),
    );
    const files = sources('src', 'client').filter(({ file }) => file !== 'src/query/date-bound.ts' && file !== 'src/errors/catalogue.ts');
    // the pattern of a relative bound, a list of its units, the examples of each unit
    assert.deepEqual(matching(files, /\\d\+\[a-z\]|\by, q, m\b|-8q|-26w|-90d/), []);
  });

  it('the words of bad_key, of a route that takes no parameters and of a dropped compare are catalogue templates, not prose at throw sites', () => {
    // i18n/ holds the page's own words in four languages (the drops shown in the page's note)
    const files = sources('src', 'client').filter(({ file }) => file !== 'src/errors/catalogue.ts' && !file.startsWith('src/i18n/'));
    const prose =
      /takes no parameters \(|is a single series: its key|Cannot read compare|already on the chart|At most \$\{MAX_COMPARE\} compared|No series of '|detail: `/;
    assert.deepEqual(matching(files, prose), []);
  });
});
