/**
 * The layer rule of eslint.config.js (docs/decisions.md, "Layers checked by
 * lint"): for every module of src/ and for client/, an import of a REAL file
 * from above its layer fails lint with the layer rule's message, and an
 * import from below passes. The probes are linted as `npm run lint` lints a
 * file at their path, with the project's own config.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { PROJECT_ROOT } from '../src/config.js';

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** Where a probe of `module` stands: in its folder, or at the top-level file itself. */
function probePath(module: string): string {
  if (module === 'client') return path.join(PROJECT_ROOT, 'client', 'layer-probe.ts');
  if (module === 'render/pages') return path.join(PROJECT_ROOT, 'src', 'render', 'pages', 'layer-probe.ts');
  const folder = path.join(PROJECT_ROOT, 'src', module);
  return existsSync(folder) ? path.join(folder, 'layer-probe.ts') : `${folder}.ts`;
}

/** The messages of the layer rule for `specifier` imported at `file`; fails if the imported file does not exist. */
async function layerErrors(file: string, specifier: string): Promise<string[]> {
  if (!specifier.startsWith('node:')) {
    const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
    assert.ok(existsSync(target), `the probe must import a real file: ${target}`);
  }
  const code = `import * as probe from '${specifier}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: file, warnIgnored: true });
  assert.deepEqual(
    result.messages.filter((m) => m.ruleId === null),
    [],
    'the probe is linted',
  );
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** Per module: imports that must fail lint, then imports that must pass. */
const PROBES: Record<string, [fail: string[], pass: string[]]> = {
  data: [
    ['../workers/pool.js', '../openapi/document.js', '../i18n/labels.js', '../errors/ds-error.js'],
    ['./model.js', 'node:fs'],
  ],
  errors: [['../data/model.js', '../i18n/labels.js'], ['./catalogue.js']],
  'project-root': [['./data/model.js'], ['node:path']],
  markup: [['./data/model.js', './render/html.js'], []],
  i18n: [['../render/chart-font.js', '../query/view.js', '../errors/ds-error.js'], ['../data/model.js']],
  query: [
    // urls.ts writes through the table of src/selection: above query
    ['../http/send-error.js', '../openapi/document.js', '../workers/pool.js', '../selection/naming.js', '../render/chart-svg.js', '../urls.js'],
    ['../errors/ds-error.js', '../i18n/labels.js', '../data/model.js'],
  ],
  urls: [
    ['./render/html.js', './http/send-error.js'],
    ['./query/view.js', './selection/params.js'],
  ],
  selection: [
    ['../openapi/operations.js', '../workers/pool.js', '../app.js', '../render/html.js', 'node:fs'],
    ['../query/closest.js', '../urls.js', '../data/model.js'],
  ],
  sdmx: [
    ['../render/html.js', '../routes/api.js', '../http/send-error.js', '../discovery/search.js'],
    ['../selection/params.js', '../data/model.js', '../errors/ds-error.js', './names.js'],
  ],
  discovery: [
    ['../routes/api.js', '../http/send-error.js', '../workers/pool.js'],
    ['../render/chart-style.js', '../selection/naming.js'],
  ],
  render: [
    ['../routes/pages.js', '../http/security-headers.js', '../config.js', '../workers/pool.js', '../openapi/document.js'],
    ['../selection/naming.js', '../project-root.js', '../discovery/search.js'],
  ],
  'render/pages': [
    ['../../routes/pages.js', '../../http/send-error.js'],
    ['../../discovery/search.js', '../html.js'],
  ],
  publish: [
    ['../render/html.js', '../routes/api.js', '../workers/pool.js'],
    ['../query/view.js', '../i18n/labels.js'],
  ],
  workers: [
    ['../http/send-error.js', '../routes/api.js', '../openapi/document.js'],
    ['../render/chart-svg.js', '../query/view.js'],
  ],
  http: [
    ['../routes/pages.js', '../openapi/document.js', '../config.js', '../app.js'],
    ['../app-context.js', '../render/inline-script.js'],
  ],
  'app-context': [
    ['./routes/api.js', './openapi/document.js'],
    ['./workers/heavy-pool.js', './http/fast-lane.js', './config.js'],
  ],
  config: [
    ['./workers/pool.js', './routes/api.js', './render/html.js'],
    ['./http/client-address.js', './project-root.js'],
  ],
  routes: [
    ['../openapi/document.js', '../app.js', '../cli/run-cli.js'],
    ['../http/send-error.js', '../app-context.js', '../render/html.js'],
  ],
  openapi: [
    ['../app.js', '../server.js'],
    ['../routes/selection-outputs.js', '../http/rate-limit.js'],
  ],
  app: [
    ['./server.js', './cli/run-cli.js'],
    ['./openapi/document.js', './routes/api.js'],
  ],
  server: [
    ['./routes/api.js', './cli/run-cli.js'],
    ['./app.js', './config.js'],
  ],
  cli: [
    ['../routes/api.js', '../http/send-error.js', '../app.js'],
    ['../server.js', '../publish/publish.js', '../config.js'],
  ],
  client: [
    ['node:fs', '../src/routes/pages.js', '../src/http/send-error.js', '../src/workers/pool.js', '../src/config.js'],
    ['../src/query/version-etag.js', '../src/selection/naming.js', '../src/render/chart-ticks.js', './chart.js'],
  ],
};

describe('layers are enforced by lint', () => {
  for (const [module, [fail, pass]] of Object.entries(PROBES)) {
    for (const specifier of fail) {
      it(`${module}: an import of ${specifier} fails`, async () => {
        const errors = await layerErrors(probePath(module), specifier);
        assert.equal(errors.length, 1, `no layer error for ${specifier}`);
      });
    }
    it(`${module}: imports from below pass (${pass.join(', ')})`, async () => {
      for (const specifier of pass) assert.deepEqual(await layerErrors(probePath(module), specifier), [], specifier);
    });
  }

  it('src/cli.ts only hands over to src/cli/', async () => {
    const file = path.join(PROJECT_ROOT, 'src', 'cli.ts');
    assert.equal((await layerErrors(file, './app.js')).length, 1);
    assert.deepEqual(await layerErrors(file, './cli/run-cli.js'), []);
  });

  it('every folder and top-level file of src/ has its rule, and a probe here', async () => {
    const url = pathToFileURL(path.join(PROJECT_ROOT, 'eslint.config.js')).href;
    const { MAY_IMPORT } = (await import(url)) as { MAY_IMPORT: Record<string, unknown> };
    const modules = readdirSync(path.join(PROJECT_ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name.replace(/\.ts$/, ''));
    assert.deepEqual(Object.keys(MAY_IMPORT).sort(), [...new Set(modules)].sort());
    for (const module of modules) assert.ok(PROBES[module]?.[0].length, `no failing probe for ${module}`);
  });
});
