import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers, bottom up: data → i18n → query → selection (shared with the
 * browser bundle) → discovery, render → routes, http, app. A folder imports
 * only from below it; `npm run lint` fails on an import that runs upwards.
 * Tests may import anything (fixtures, helpers).
 */
const above = (folders, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(${folders.join('|')})(/|\\.js$)`, message }] }],
});
const ABOVE_SELECTION = ['render', 'routes', 'discovery', 'http', 'publish', 'cli', 'app', 'app-context', 'server', 'config'];
const layers = [
  {
    files: ['src/data/**/*.ts'],
    rules: above(['i18n', 'query', 'selection', 'urls', 'errors', ...ABOVE_SELECTION], 'src/data is the bottom layer: it imports no other folder of src/.'),
  },
  {
    files: ['src/i18n/**/*.ts'],
    rules: above(
      ['query', 'selection', 'urls', 'errors', ...ABOVE_SELECTION],
      'src/i18n imports only src/data: language text sits below everything that words it.',
    ),
  },
  {
    files: ['src/query/**/*.ts'],
    rules: above(['selection', ...ABOVE_SELECTION.filter((f) => f !== 'http')], 'src/query imports only data, i18n, urls and errors.'),
  },
  {
    files: ['src/selection/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${ABOVE_SELECTION.join('|')})(/|\\.js$)`,
              message: 'src/selection is shared with the browser bundle: it imports only data, i18n, query and urls.',
            },
            { regex: '^(node:|fastify)', message: 'src/selection is shared with the browser bundle: no Node or server modules.' },
          ],
        },
      ],
    },
  },
].map((layer) => ({ ...layer, ignores: ['**/*.test.ts'] }));

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
  ...layers,
);
