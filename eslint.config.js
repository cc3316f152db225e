// One linter for the whole tree. Layer boundaries (shared -> features -> app) are lint rules, not hopes:
// see docs/decisions/001-layout-and-boundaries.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (files, patterns, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
  },
});

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
        projectService: { allowDefaultProject: ['*.js', 'sandbox/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No HTML injection (strict CSP).',
        },
        { selector: "NewExpression[callee.name='Function']", message: 'No new Function (strict CSP).' },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
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
    ['**/src/**', '**/sandbox/**', 'react', 'react-dom', 'mobx'],
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
    [
      'react',
      'react-dom',
      'mobx',
      '**/stores/**',
      '**/features/**',
      '**/app/**',
      '**/shell/**',
      '**/ui/**',
      'node:*',
    ],
    'Facts, engine and impact are pure, browser-safe layers below the app.',
  ),
  // The ui kit is shared: it may not reach up into features, the app, the shell or the stores.
  restrict(
    ['src/ui/**'],
    ['**/features/**', '**/app/**', '**/shell/**', '**/stores/**'],
    'src/ui is shared and sits below features and the shell.',
  ),
  // The stores sit below the features: what two features share moves here, never the other way.
  restrict(
    ['src/stores/**'],
    ['**/features/**', '**/app/**', '**/shell/**'],
    'src/stores sits below features, the app and the shell.',
  ),
  // A feature does not import another feature (features/home included: it renders the section registry the
  // app layer hands it); shared pieces move down to ui/, stores/ or facts/. Features sit below src/app (which
  // composes them) and the shell. See docs/decisions/007-home-sections-registry.md.
  {
    files: ['src/features/*/*.ts', 'src/features/*/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./]', message: 'A feature imports no other feature.' },
            { regex: '^(\\.\\./)+features/', message: 'A feature imports no other feature.' },
            {
              group: ['**/app/**'],
              message: 'A feature does not import src/app (the app composes features).',
            },
            { group: ['**/shell/**'], message: 'A feature does not import the shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/*/*.ts', 'src/features/*/*/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./[^./]', message: 'A feature imports no other feature.' },
            { regex: '^(\\.\\./)+features/', message: 'A feature imports no other feature.' },
            {
              group: ['**/app/**'],
              message: 'A feature does not import src/app (the app composes features).',
            },
            { group: ['**/shell/**'], message: 'A feature does not import the shell.' },
          ],
        },
      ],
    },
  },
  // The sandbox is a separate process: it may share schemas, config and pure helpers, never the React app.
  restrict(
    ['sandbox/**'],
    ['**/src/shell/**', '**/src/features/**', '**/src/stores/**', 'react', 'react-dom'],
    'The sandbox does not import the app.',
  ),
);
