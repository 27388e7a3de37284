// ESLint (flat config): correctness rules for TS/React. Formatting is Prettier's job.
import js from '@eslint/js';
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
  // The layers (docs/architecture.md): views reach data through app/ui/data hooks and app/services,
  // never IndexedDB or the model runtimes directly (type-only imports of their record shapes are
  // allowed: they carry no code); the pure core imports nothing outside itself; the runtime does
  // not reach into the workers' code; no production file imports a test double (app/testing).
  {
    files: ['app/ui/components/**/*.{ts,tsx}', 'app/ui/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db', '**/db/**'],
              allowTypeImports: true,
              message: 'Views reach IndexedDB through app/ui/data hooks or app/services.',
            },
            {
              group: ['**/runtime', '**/runtime/**'],
              allowTypeImports: true,
              message: 'Views reach the model runtimes through app/ui/data hooks or app/services.',
            },
            { group: ['**/testing/**'], message: 'Test doubles stay out of production code.' },
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
  ...[
    ['app/core/*.ts', '^\\.\\./'],
    ['app/core/*/*.ts', '^(\\.\\./){2}'],
    ['app/core/*/*/*.ts', '^(\\.\\./){3}'],
  ].map(([files, escapes]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: escapes, message: 'app/core is pure: it imports nothing outside app/core.' },
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
              ],
              message: 'app/core is pure TypeScript: no React, DOM storage, workers, model runtimes or Node.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['app/runtime/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/workers', '**/workers/**'],
              allowTypeImports: true,
              message:
                'The runtime starts workers by URL and types their API; it imports none of their code.',
            },
            { group: ['**/testing/**'], message: 'Test doubles stay out of production code.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'app/services/**/*.ts',
      'app/db/**/*.ts',
      'app/ui/**/*.{ts,tsx}',
      'app/report/**/*.{ts,tsx}',
      'workers/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/testing/**'], message: 'Test doubles stay out of production code.' }] },
      ],
    },
  },
);
