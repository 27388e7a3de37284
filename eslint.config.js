// ESLint (flat config): correctness rules for TS/React. Formatting is Prettier's job.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Untrusted model/document text must never be rendered as HTML; assets never come from a CDN.
const SAFE_SYNTAX = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Render text, never HTML.',
  },
  {
    selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Render text, never HTML.',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(insertAdjacentHTML|write)$/][callee.object.name='document']",
    message: 'Render text, never HTML.',
  },
  // Runtime assets (onnxruntime .wasm, models) are served by the app or the model hub, never a CDN.
  { selector: 'Literal[value=/cdn\\.jsdelivr|unpkg\\.com|cdnjs\\./]', message: 'No CDN assets.' },
];

// The layers of docs/architecture.md §1 and the arrows between them: each production file may import
// its own layer and the layers listed here, nothing else (a test may import any layer). `types`
// lists layers whose record _types_ only may be imported (types carry no code). The architecture
// test lints one file per forbidden arrow, so a rule that stops firing fails there.
const LAYERS = {
  core: { path: 'app/core', imports: [] },
  db: { path: 'app/db', imports: ['core'] },
  runtime: { path: 'app/runtime', imports: ['core', 'db'] },
  // A worker file only exposes its app/runtime/<name>/api.ts; nothing imports a worker file.
  workers: { path: 'workers', imports: ['runtime'] },
  services: { path: 'app/services', imports: ['core', 'db', 'runtime'] },
  'ui-state': { path: 'app/ui/state', imports: ['core', 'runtime', 'services'] },
  'ui-data': { path: 'app/ui/data', imports: ['core', 'db', 'runtime', 'services', 'ui-state'] },
  views: {
    path: 'app/ui', // pages, components, figures and App.tsx: every app/ui folder not named above
    imports: ['core', 'services', 'ui-data', 'ui-state', 'models'],
    types: ['db', 'runtime'],
  },
  report: { path: 'app/report', imports: ['core', 'ui-state', 'views'] },
  cli: { path: 'app/cli', imports: ['core', 'build'] }, // build: the report viewer's template
  demo: { path: 'app/demo', imports: ['core'] },
  build: { path: 'app/build', imports: [] },
  models: { path: 'models', imports: [] }, // models/registry.ts
  testing: { path: 'app/testing', imports: ['core', 'db', 'runtime', 'services', 'demo'] },
  // Last: a descriptor listed earlier wins, so only app/main.tsx is left to this one.
  entry: {
    path: 'app', // app/main.tsx
    imports: ['core', 'services', 'ui-data', 'ui-state', 'views'],
  },
};
const LAYER_POLICIES = Object.entries(LAYERS).flatMap(([layer, { imports, types = [] }]) => [
  { from: { element: { type: layer } }, allow: { to: { element: { type: [layer, ...imports] } } } },
  ...(types.length
    ? [
        {
          from: { element: { type: layer } },
          allow: { to: { element: { type: types } }, dependency: { kind: 'type' } },
        },
      ]
    : []),
]);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-e2e-*',
      'models',
      'public',
      'test-results',
      'playwright-report',
      '.vite',
      '.report-build',
      '.node-build',
      '.vite-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Untrusted model/document text must never be rendered as HTML.
      'no-restricted-syntax': ['error', ...SAFE_SYNTAX],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'workers/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(LAYERS).flatMap(([type, { path }]) =>
        [path].flat().map((pattern) => ({ type, pattern, partialMatch: false })),
      ),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Re-exports and lazy import() are arrows too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // Messages use {{from.type}} only: the older template syntax costs a render per policy.
      'boundaries/legacy-templates': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} may not import {{to.type}} (docs/architecture.md §1).',
          policies: LAYER_POLICIES,
        },
      ],
      // A local file outside every layer (bench/, e2e/, the build configs) is no import either.
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  // Finer than a layer: views do not build server clients, and the pure core uses no package that
  // needs React, DOM storage, workers, model runtimes, a SQL engine (DuckDB runs in the CLI and a
  // worker; the core only shapes the rows it loads) or Node.
  {
    files: ['app/ui/components/**/*.{ts,tsx}', 'app/ui/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/llm/openai', '**/core/search/remote*'],
              allowTypeImports: true,
              message:
                'Views do not build server clients: app/runtime makes them from the run config (caps, keys).',
            },
          ],
        },
      ],
      // Services announce what they changed (app/services/changes.ts); one bridge refreshes queries.
      'no-restricted-syntax': [
        'error',
        ...SAFE_SYNTAX,
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message: 'Views do not refresh queries by hand: the service that writes announces the change.',
        },
      ],
    },
  },
  {
    files: ['app/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'idb',
                'comlink',
                '@huggingface/*',
                'onnxruntime-*',
                '@tanstack/*',
                'zustand',
                'node:*',
                '@duckdb/*',
                'apache-arrow',
              ],
              message:
                'app/core is pure TypeScript: no React, DOM storage, workers, model runtimes, SQL engines or Node.',
            },
          ],
        },
      ],
    },
  },
  // workers/ is one element to the layer rule, which leaves imports inside an element alone: a
  // worker file only exposes its app/runtime/<name>/api.ts and never imports another worker file.
  {
    files: ['workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '../workers/**'],
              message: 'workers may not import workers (docs/architecture.md §1).',
            },
          ],
        },
      ],
    },
  },
);
