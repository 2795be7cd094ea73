/**
 * `test/fixtures/edge/`: a tiny published-files directory for edge-case
 * tests, every value written out by hand (no randomness) so a test can
 * assert exact numbers:
 *
 * - edge_labels (quarterly, dimension `measure`): title, dimension label,
 *   level labels, description, units, source and featured carry
 *   `<script>alert(1)</script>`, `"` and `'` quotes, `&`, and spreadsheet
 *   formula prefixes (`=SUM(1)`, `+1`, `-1`, `@x`). Series `047` (a code
 *   that looks like a number) has a gap (no 2020-07-01 row) and a missing
 *   value (2020-10-01 empty): rows 2020-01-01=1, 2020-04-01=2,
 *   2020-10-01=missing, 2021-01-01=5. Its topic is the plain
 *   string `Edge & <odd> cases`, a category without key (slug:
 *   `edge-odd-cases`).
 *   Series `minus` holds -0.001, 123456789.125 and 5e-8 (written `5e-8`, as
 *   the real files hold exponents).
 * - edge_tree (annual 2019-2021, dimension `node`): a hierarchy whose leaves
 *   are `{}` (047), `[]` (a, c) and `null` (b), a grouping node `grp`
 *   (`data: false`), and a level the hierarchy does not mention (`orphan`).
 */
import { join } from 'node:path';
import { L, prepareOutDir, publishDataset, writeJson, type DatasetFiles, type Series } from './publish.js';
import { flatDimension, treeDimension } from './dimensions.js';
import { FETCHED } from './small/common.js';

const XSS = '<script>alert(1)</script>';
const CATEGORY_NAME = L('Edge & <odd> cases', 'Rand- & <seltsame> Fälle', 'Cas <bizarres> & limites', 'Casi <strani> & limite');
const TREE_CATEGORY = L('Hierarchies', 'Hierarchien', 'Hiérarchies', 'Gerarchie');
const SOURCE = { key: 'edge', name: L('Edge & "Sons" <Statistics>', 'Rand & «Söhne» <Statistik>') };
const SOURCE_URL = 'https://example.org/edge?a=1&b=2';

const labelsTitle = L(`${XSS} "Quoted" & 'single' prices`, `${XSS} «Preise» & 'Co'`, `Prix ${XSS} « démo » & 'co'`, `Prezzi "demo" & <i>co</i>`);
const treeTitle = L(
  'Tree with {}, [] and null leaves',
  'Baum mit Blättern {}, [] und null',
  'Arbre avec feuilles {}, [] et null',
  'Albero con foglie {}, [] e null',
);

function labelsFiles(): DatasetFiles {
  const meta = {
    schema_version: '1.1',
    id: 'edge_labels',
    dim_order: ['measure'],
    start: '',
    end: '',
    title: labelsTitle,
    source: { name: SOURCE.name, url: SOURCE_URL, key: SOURCE.key },
    license: 'edge-license',
    frequency: 'quarterly',
    dimensions: {
      measure: flatDimension(L('=SUM(1)', '=SUMME(1)', '=SOMME(1)', '=SOMMA(1)'), [
        ['047', L(XSS, XSS, XSS, XSS)],
        ['at', L('@x', '@x', '@x', '@x')],
        ['eq', L('=SUM(1)', '=SUMME(1)', '=SOMME(1)', '=SOMMA(1)')],
        ['minus', L('-1', '-1', '-1', '-1')],
        ['plus', L('+1 "double" & \'single\'', "+1 «doppelt» & 'einfach'", "+1 « double » & 'simple'", '+1 "doppio" & \'singolo\'')],
      ]),
    },
    units: L('Points & <b>bold</b>', 'Punkte & <b>fett</b>', 'Points & <b>gras</b>', 'Punti & <b>grassetto</b>'),
    updated: '2025-01-02 03:04',
    topic: CATEGORY_NAME.en,
    concept: `Edge cases / ${XSS}`,
    canonical: true,
    featured: `Featured & <em>"quoted"</em>`,
    split: 'measure',
    single_select: [],
    default_transform: 'level',
    default: { measure: '047' },
    description: L(
      `${XSS} Description & "double" 'single' =SUM(1) +1 -1 @x`,
      `${XSS} Beschreibung & «doppelt» 'einfach' =SUMME(1) +1 -1 @x`,
      `${XSS} Description & « double » 'simple' =SOMME(1) +1 -1 @x`,
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: labelsTitle,
    concept: { en: `Edge cases / ${XSS}`, leaf: L(XSS) },
    canonical: true,
    featured: L(`Featured & <em>"quoted"</em>`),
    topic: CATEGORY_NAME.en,
    source: SOURCE,
    license: 'edge-license',
    frequency: 'quarterly',
    updated: meta.updated,
    fetched: FETCHED,
  };
  return { id: 'edge_labels', meta, catalog };
}

const Q = ['2020-01-01', '2020-04-01', '2020-07-01', '2020-10-01', '2021-01-01'];

const LABELS_SERIES: Series[] = [
  { codes: ['047'], dates: ['2020-01-01', '2020-04-01', '2020-10-01', '2021-01-01'], values: [1, 2, null, 5] },
  { codes: ['at'], dates: Q, values: [10, 20, 30, 40, 50] },
  { codes: ['eq'], dates: Q, values: [-1.5, 0, 1.5, 3, 4.5] },
  { codes: ['minus'], dates: Q, values: [-0.001, 123456789.125, 0.1, 5e-8, 0.3] },
  { codes: ['plus'], dates: Q, values: [100, 101, 102, 103, 104] },
];

function treeFiles(): DatasetFiles {
  const node = treeDimension(
    L('Node', 'Knoten', 'Nœud', 'Nodo'),
    [
      {
        code: 'root',
        label: L('Root', 'Wurzel', 'Racine', 'Radice'),
        children: [
          {
            code: 'grp',
            label: L('Group without data', 'Gruppe ohne Daten', 'Groupe sans données', 'Gruppo senza dati'),
            data: false,
            children: [
              { code: '047', label: L('Leaf 047 ({})', 'Blatt 047 ({})', 'Feuille 047 ({})', 'Foglia 047 ({})'), leaf: 'object' },
              { code: 'a', label: L('Leaf a ([])', 'Blatt a ([])', 'Feuille a ([])', 'Foglia a ([])'), leaf: 'array' },
            ],
          },
          { code: 'b', label: L('Leaf b (null)', 'Blatt b (null)', 'Feuille b (null)', 'Foglia b (null)'), leaf: 'null' },
        ],
      },
      { code: 'c', label: L('Top-level leaf c ([])', 'Oberstes Blatt c ([])', 'Feuille supérieure c ([])', 'Foglia superiore c ([])'), leaf: 'array' },
    ],
    'array',
  );
  node.levels.orphan = { label: L('Not in the hierarchy', 'Nicht in der Hierarchie', 'Hors hiérarchie', 'Fuori gerarchia'), data: true };
  const meta = {
    schema_version: '1.1',
    id: 'edge_tree',
    dim_order: ['node'],
    start: '',
    end: '',
    title: treeTitle,
    source: { name: SOURCE.name, url: SOURCE_URL, key: SOURCE.key },
    license: 'edge-license',
    frequency: 'annual',
    dimensions: { node },
    topic: { key: 'hierarchies', name: TREE_CATEGORY },
    concept: { en: 'Hierarchies / Tree', leaf: L('Tree', 'Baum', 'Arbre', 'Albero') },
    canonical: true,
    split: 'node',
    single_select: [],
    default_transform: 'level',
    default: { node: 'root' },
    description: L(
      'Every kind of hierarchy leaf.',
      'Jede Art von Hierarchieblatt.',
      'Toutes les sortes de feuilles de hiérarchie.',
      'Ogni tipo di foglia della gerarchia.',
    ),
    fetched_utc: FETCHED,
  };
  const catalog = {
    title: treeTitle,
    concept: meta.concept,
    canonical: true,
    featured: null,
    topic: meta.topic,
    source: SOURCE,
    license: 'edge-license',
    frequency: 'annual',
    updated: null,
    fetched: FETCHED,
  };
  return { id: 'edge_tree', meta, catalog };
}

const Y = ['2019-01-01', '2020-01-01', '2021-01-01'];

const TREE_SERIES: Series[] = [
  { codes: ['047'], dates: Y, values: [1, 2, 3] },
  { codes: ['a'], dates: Y, values: [4, 5, 6] },
  { codes: ['b'], dates: Y, values: [7, 8, 9] },
  { codes: ['c'], dates: Y, values: [0, 0, 0] },
  { codes: ['orphan'], dates: Y, values: [100, null, 102] },
  { codes: ['root'], dates: Y, values: [12, 15, 18] },
];

/** Writes the edge-case fixture directory. */
export function generateEdge(outDir: string): { datasets: number; observations: number } {
  prepareOutDir(outDir);
  const catalog = [publishDataset(outDir, labelsFiles(), LABELS_SERIES), publishDataset(outDir, treeFiles(), TREE_SERIES)];
  writeJson(join(outDir, 'catalog.json'), catalog);
  writeJson(join(outDir, 'categories.json'), [
    { name: CATEGORY_NAME, blurb: L(`${XSS} & "quotes"`) },
    { key: 'hierarchies', name: TREE_CATEGORY, blurb: null },
  ]);
  writeJson(join(outDir, 'licenses.json'), {
    _comment: 'Edge-case license vocabulary.',
    'edge-license': { name: L(`License & "terms" ${XSS}`), url: SOURCE_URL, commercial: 'yes', attribution: true },
  });
  writeJson(join(outDir, 'sources.json'), { _comment: 'Edge-case source vocabulary.', edge: { name: SOURCE.name, url: SOURCE_URL } });
  const observations = [...LABELS_SERIES, ...TREE_SERIES].reduce((n, s) => n + s.dates.length, 0);
  return { datasets: catalog.length, observations };
}
