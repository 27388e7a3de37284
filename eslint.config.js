// ESLint (flat config): correctness rules for TS/React. Formatting is Prettier's job.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
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
      'no-restricted-syntax': [
        'error',
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
      ],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
);
