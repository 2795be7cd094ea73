// The query types of the API routes are derived from the table of
// parameters (ApiQuery): checked by the TypeScript compiler on probe code,
// since the test files themselves are not type-checked.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { PROJECT_ROOT } from '../project-root.js';

/** The compiler's errors on a probe module beside params.ts (never written to disk). */
function typeErrors(code: string): string[] {
  const probe = join(PROJECT_ROOT, 'src/selection/query-types-probe.ts');
  const config = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, PROJECT_ROOT);
  const compile = { ...options, noEmit: true };
  const host = ts.createCompilerHost(compile);
  const readSource = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (name, version, ...rest) => (name === probe ? ts.createSourceFile(name, code, version) : readSource(name, version, ...rest));
  host.fileExists = (name) => name === probe || exists(name);
  const program = ts.createProgram([probe], compile, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(probe)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const HEAD = "import type { ApiQuery, SelectionQuery } from './params.js';\n";

describe('the API query types', () => {
  it("each route's query has the parameters the table says it takes, typed by their schema", () => {
    const valid = [
      "export const chart: ApiQuery<'chart.svg'> = { dataset: 'ch_fso_ppi', width: 640, scale: 'log', compare: ['ch_kof_barometer'], frequency: 'annual', lang: 'de' };",
      "export const selection: SelectionQuery = { dataset: 'ch_fso_ppi', last: 3, partial: 'true', aggregation: 'sum' };",
    ];
    assert.deepEqual(typeErrors(HEAD + valid.join('\n')), []);
    const wrong = {
      'series takes no width': "export const q: ApiQuery<'series'> = { dataset: 'x', width: 640 };",
      'scale is linear or log': "export const q: ApiQuery<'chart.png'> = { dataset: 'x', scale: 'square' };",
      'last is a number': "export const q: SelectionQuery = { dataset: 'x', last: '3' };",
      'dataset is required': "export const q: SelectionQuery = { dims: 'a=b' };",
    };
    for (const [why, code] of Object.entries(wrong)) assert.equal(typeErrors(HEAD + code).length, 1, why);
  });
});
