/**
 * The layer rule of eslint.config.js: a file of src/data, src/i18n,
 * src/query or src/selection that imports from above its layer fails lint;
 * an import from below passes. Runs ESLint on real temporary files.
 */
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { PROJECT_ROOT } from '../src/config.js';

/** The messages of the layer rule for a file in `folder` holding `code`. */
async function layerErrors(folder: string, code: string): Promise<string[]> {
  const file = path.join(PROJECT_ROOT, 'src', folder, `layer-probe-${process.pid}.ts`);
  await writeFile(file, code);
  try {
    const [result] = await new ESLint({ cwd: PROJECT_ROOT }).lintFiles([file]);
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  } finally {
    await rm(file, { force: true });
  }
}

describe('layers are enforced by lint', () => {
  const cases: [string, string][] = [
    ['data', "import { pickLabel } from '../i18n/labels.js';"],
    ['i18n', "import { chartFontFamily } from '../render/chart-font.js';"],
    ['i18n', "import type { Transform } from '../query/view.js';"],
    ['query', "import { labelSeries } from '../selection/naming.js';"],
    ['query', "import { renderChartSvg } from '../render/chart-svg.js';"],
    ['selection', "import { BadParameterError } from '../http/errors.js';"],
    ['selection', "import { readFileSync } from 'node:fs';"],
    ['selection', "import { buildApp } from '../app.js';"],
  ];
  for (const [folder, line] of cases) {
    it(`src/${folder}: ${line} fails`, async () => {
      const errors = await layerErrors(folder, `${line}\nexport const probe = 1;\n`);
      assert.equal(errors.length, 1, errors.join('; '));
    });
  }

  it('imports from below pass', async () => {
    assert.deepEqual(
      await layerErrors(
        'selection',
        "import { closest } from '../query/closest.js';\nimport { LANGS } from '../data/model.js';\nexport const probe = [closest, LANGS];\n",
      ),
      [],
    );
    assert.deepEqual(await layerErrors('i18n', "import { LANGS } from '../data/model.js';\nexport const probe = LANGS;\n"), []);
  });
});
