import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers, bottom up (docs/decisions.md, "Layers checked by lint"):
 *
 *   data, errors, project-root, markup → i18n → query → selection, urls
 *   → sdmx → discovery, render, publish → workers → http, routes, app-context, config
 *   → openapi → app → server → cli
 *
 * with client/ (the browser bundle) beside them, importing only the modules of
 * src/ that run in a browser. Each module below names what it may import; every
 * other module of src/ is forbidden to it, so a new folder is forbidden until it
 * is placed here. `npm run lint` fails on an import that runs upwards; tests may
 * import anything (fixtures, helpers). test/layers.test.ts proves each rule.
 */
const BASE = ['data', 'errors', 'project-root', 'markup'];
const QUERY = [...BASE, 'i18n', 'query'];
const SELECTION = [...QUERY, 'urls', 'selection'];
const PAGES = [...SELECTION, 'sdmx', 'discovery', 'render'];
const TOP = [...PAGES, 'workers', 'http', 'app-context'];
/** What each module of src/ may import, and why; the key is a folder or a top-level file without `.ts`. */
export const MAY_IMPORT = {
  data: [[], 'src/data is the bottom layer: it imports no other folder of src/.'],
  errors: [[], 'src/errors (the catalogue every layer throws from) imports no other folder of src/.'],
  'project-root': [[], 'src/project-root.ts is at the bottom: it imports nothing of src/.'],
  markup: [[], 'src/markup.ts (the one escaper of HTML and XML) is at the bottom: it imports nothing of src/.'],
  i18n: [['data'], 'src/i18n imports only src/data: language text sits below everything that words it.'],
  query: [QUERY, 'src/query imports only data, errors and i18n: urls.ts writes through the table of src/selection, above it.'],
  urls: [SELECTION, 'src/urls.ts writes URLs from the parameter table: it imports only data, errors, i18n, query and selection.'],
  selection: [SELECTION, 'src/selection is shared with the browser bundle: it imports only data, errors, i18n, query and urls.'],
  // SDMX names, keys and messages: they read the store and the selection table; pages (the snippet card) and routes read them
  sdmx: [SELECTION, 'src/sdmx (SDMX ids, keys, messages) imports only the layers up to selection: never render, routes or http.'],
  discovery: [PAGES, 'src/discovery imports only the layers up to selection, and render.'],
  render: [PAGES, 'src/render imports only the layers up to selection, and discovery: never routes, http or what serves it.'],
  publish: [SELECTION, 'src/publish writes published files: it imports only the layers up to selection.'],
  workers: [[...PAGES, 'workers'], 'src/workers runs encoders and renderers off the main thread: it imports only the layers up to render.'],
  http: [TOP, 'src/http imports only the layers below routes, and app-context: never routes, openapi or what starts the app.'],
  'app-context': [[...TOP, 'config'], 'src/app-context.ts imports only http, workers, config and the layers below: never routes or openapi.'],
  config: [[...BASE, 'http'], 'src/config.ts imports only data, errors, project-root and http (to read its settings).'],
  routes: [[...TOP, 'config', 'routes'], 'src/routes imports the layers below it: never openapi, app, server or cli.'],
  openapi: [[...TOP, 'config', 'routes', 'openapi'], 'src/openapi describes the routes: it imports them, never app, server or cli.'],
  app: [[...TOP, 'config', 'routes', 'openapi'], 'src/app.ts builds the app: it imports neither server nor cli.'],
  server: [
    ['app', 'config', 'http'],
    'src/server.ts starts app.ts (and, as the primary of several workers, serves their shared counts from http/): it imports app, config and http.',
  ],
  cli: [[...SELECTION, 'publish', 'config', 'server', 'cli'], 'src/cli imports the server, publish and config: never routes, http or render directly.'],
};
const MODULES = Object.keys(MAY_IMPORT);
/** A pattern of no-restricted-imports forbidding `folders`, after a `prefix` of relative steps. */
const forbid = (prefix, folders, message) => ({ regex: `${prefix}(${folders.join('|')})(/|\\.js$)`, message });
const NODE = '^(node:|fastify$|@fastify/)';
const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layers = MODULES.map((module) => {
  const [allowed, message] = MAY_IMPORT[module];
  const banned = [...MODULES.filter((m) => m !== module && !allowed.includes(m)), 'client'];
  const folder = !['urls', 'project-root', 'markup', 'app-context', 'config', 'app', 'server'].includes(module);
  const patterns = [forbid(folder ? '^(\\.\\./)+' : '^\\./', banned, message)];
  if (module === 'selection') patterns.push({ regex: NODE, message: 'src/selection is shared with the browser bundle: no Node or server modules.' });
  return { files: folder ? [`src/${module}/**/*.ts`] : [`src/${module}.ts`], rules: rule(patterns) };
});
// cli.ts is the command's entry: it only hands over to src/cli/.
layers.push({
  files: ['src/cli.ts'],
  rules: rule([
    forbid(
      '^\\./',
      MODULES.filter((m) => m !== 'cli'),
      'src/cli.ts hands over to src/cli/ only.',
    ),
  ]),
});
/** The browser bundle: what of src/ runs in a browser, and no Node or server module. */
const CLIENT_MAY_IMPORT = [...PAGES.filter((m) => !['project-root', 'discovery'].includes(m))];
layers.push({
  files: ['client/**/*.ts'],
  rules: rule([
    forbid(
      '^\\.\\./src/',
      MODULES.filter((m) => !CLIENT_MAY_IMPORT.includes(m)),
      'client/ is the browser bundle: it imports only data, errors, i18n, query, urls, selection, sdmx and render from src/.',
    ),
    { regex: NODE, message: 'client/ is the browser bundle: no Node or server modules.' },
  ]),
});
const layerRules = layers.map((layer) => ({ ...layer, ignores: ['**/*.test.ts'] }));

export default tseslint.config(
  { ignores: ['.scratch/', '.tmp/', 'dist/', 'node_modules/', 'demo-data/', 'clients/', 'public/', '**/*.min.js', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.mjs', 'scripts/**', 'bench/**'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  ...layerRules,
);
