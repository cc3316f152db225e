// One linter for the whole tree. Layer boundaries (shared -> features -> app) are lint rules, not hopes:
// see docs/decisions/001-layout-and-boundaries.md and 026.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const restrict = (files, patterns, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  },
});

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Folders and what they may not import (import-x/no-restricted-paths, on resolved paths: no regex on the
 * import's text can be dodged by writing the path another way). Top level: src/ is the app, below every
 * tool; machines/ are pure; lib/ is what the commands, the server and the tests share; scripts/ are thin
 * commands that nothing imports.
 */
const ZONES = [
  zone(
    './src',
    ['./lib', './sandbox', './scripts', './server'],
    'The app does not import node-side tooling.',
  ),
  zone(
    './machines',
    ['./src', './sandbox', './lib', './scripts', './server'],
    'Machines are pure: the app provides effects with machine.provide().',
  ),
  zone(
    ['./sandbox', './lib', './server'],
    './scripts',
    'scripts/ are commands: what they share lives in lib/.',
  ),
  // Facts, the engine and the impact core run in a Web Worker and under the page's CSP, below the app.
  zone(
    ['./src/facts', './src/engine', './src/impact'],
    ['./src/stores', './src/features', './src/app', './src/shell', './src/ui'],
    'Facts, engine and impact are pure, browser-safe layers below the app.',
  ),
  zone(
    './src/ui',
    ['./src/features', './src/app', './src/shell', './src/stores'],
    'src/ui is shared and sits below features and the shell.',
  ),
  zone(
    './src/stores',
    ['./src/features', './src/app', './src/shell'],
    'src/stores sits below features, the app and the shell: what two features share moves here.',
  ),
  zone(
    ['./src/config', './src/api', './src/boot'],
    './src/features',
    'Configuration, the API client and the boot sit below the features: a feature is reached through src/app.',
  ),
  // Features sit below src/app (which composes them) and the shell. See docs/decisions/007.
  zone('./src/features', ['./src/app', './src/shell'], 'A feature does not import the app or the shell.'),
  // A feature imports no other feature (features/home included: it renders the registry the app hands it).
  ...FEATURES.map((f) =>
    zone(`./src/features/${f}`, './src/features', 'A feature imports no other feature.', [`./${f}`]),
  ),
  zone(
    './sandbox',
    ['./src/shell', './src/features', './src/stores'],
    'The sandbox does not import the app.',
  ),
  // The portal's server runs in production, where the sandbox does not exist (docs/decisions/040): nothing
  // it loads (server/, and lib/, which it bundles) may come from sandbox/. The sandbox may use the server's.
  zone(
    ['./server', './lib'],
    './sandbox',
    'The portal server is the same in every mode: the sandbox is an upstream it reaches over HTTP, never a module it imports.',
  ),
];

/**
 * Source files over the size limits today (docs/decisions/026): temporary exceptions, each removed by
 * whoever splits the file. No file over 600 lines, no function over 150 (blank lines and comments aside).
 */
/** Files allowed over 600 lines: none. */
const TOO_LONG_FILES = [];
/**
 * Files allowed a function over 150 lines: none left (the mechanism stays for a file that must wait).
 */
const TOO_LONG_FUNCTIONS = [];
/** Syntax the strict CSP forbids, everywhere. */
const CSP_SYNTAX = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'No HTML injection (strict CSP).',
  },
  { selector: "NewExpression[callee.name='Function']", message: 'No new Function (strict CSP).' },
  {
    selector: "JSXAttribute[name.name='style']",
    message:
      "No style attribute: the server's markup would carry it and the CSP refuses inline styles (set element.style in an effect, or use a class).",
  },
];
/**
 * Imports the path rules above can see: a dynamic import whose module is written as a template literal is
 * never resolved by them, so it is refused everywhere (Vite cannot follow it either).
 */
const IMPORT_SYNTAX = [
  {
    selector: "ImportExpression[source.type='TemplateLiteral']",
    message: "Name a dynamic import's module in a plain string: the import rules cannot check a template.",
  },
];
/** In a feature, `typeof import('...')` escapes no-restricted-paths: an `import type` is checked. */
const FEATURE_SYNTAX = [
  {
    selector: 'TSImportType',
    message:
      "Write `import type { X } from '...'`: the rules check which folder it reaches, not a typeof import().",
  },
];
const TESTS = ['test/**', '**/*.test.ts', '**/*.test.tsx', '**/*.e2e.ts', '**/*.spec.ts'];

const importRules = [
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // No import cycle anywhere (type-only imports included: a cycle of types is a cycle of ideas).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
      // A relative import must resolve: one that does not ('../billing/texts.js') escapes the zones above.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]', '\\?'] }],
    },
  },
  {
    files: ['src/features/**/*.ts', 'src/features/**/*.tsx'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...CSP_SYNTAX, ...IMPORT_SYNTAX, ...FEATURE_SYNTAX] },
  },
  // Tests may reach any folder, but machines stay pure and scripts stay commands for them too.
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: ZONES.filter((z) => z.target !== './src' && z.target !== './src/features') },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    ignores: TESTS,
    rules: {
      'max-lines': ['error', { max: 600 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  ...(TOO_LONG_FILES.length > 0 ? [{ files: TOO_LONG_FILES, rules: { 'max-lines': 'off' } }] : []),
  ...(TOO_LONG_FUNCTIONS.length > 0
    ? [{ files: TOO_LONG_FUNCTIONS, rules: { 'max-lines-per-function': 'off' } }]
    : []),
];

export default tseslint.config(
  {
    ignores: [
      '.tmp/**',
      'dist/**',
      'node_modules/**',
      'src/generated/**',
      'test-results*/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'server/studio/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...CSP_SYNTAX, ...IMPORT_SYNTAX],
      'no-eval': 'error',
      'no-implied-eval': 'error',
    },
  },
  // The server runs bundled (dist/server/, docs/decisions/025): a folder found from a module's own file is
  // dist/server's, not the repository's. Folders come from server/paths.ts; the check worker is a file beside
  // the module that starts it, in the sources and in the bundle alike, as are the processes sandbox/start.ts
  // forks; react-build.ts asks Node's module cache, which createRequire reaches from any module.
  {
    files: ['sandbox/**/*.ts', 'server/**/*.ts'],
    ignores: [
      ...TESTS,
      'server/paths.ts',
      'server/studio/studio-check.ts',
      'server/react-build.ts',
      'sandbox/start.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...CSP_SYNTAX,
        ...IMPORT_SYNTAX,
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(url|dirname|filename)$/]",
          message:
            'Find folders with server/paths.ts (serverFolders, findRepoRoot): the server runs bundled.',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Machines are pure: no app code, no DOM, no fetch.
  restrict(
    ['machines/**'],
    ['react', 'react-dom', 'mobx'],
    'Machines are pure: the app provides effects with machine.provide().',
  ),
  // Every flow is captured for QA (machines/README.md, Captured sessions): components run machines through
  // useFlow or usePageFlow, and an actor held by a store is created in src/stores with `inspect: store.qa.inspectFor(...)`
  // (test/machines/sessions.test.ts checks every machine is run one of these two ways).
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/stores/use-page-flow.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useMachine', 'useActor', 'useActorRef'],
              message:
                'Run a flow through useFlow (src/stores/use-flow.ts) or usePageFlow: QA captures every flow.',
            },
          ],
        },
      ],
    },
  },
  // Facts, the engine and the impact core are pure and know nothing of React, stores or features; they also
  // run in a Web Worker and under the page's CSP, so no node modules either.
  restrict(
    ['src/facts/**', 'src/engine/**', 'src/impact/**'],
    ['react', 'react-dom', 'mobx', 'node:*'],
    'Facts, engine and impact are pure, browser-safe layers below the app.',
  ),
  // The sandbox is a separate process: it may share schemas, config and pure helpers, never the React app.
  restrict(['sandbox/**'], ['react', 'react-dom'], 'The sandbox does not import the app.'),
  ...importRules,
);
