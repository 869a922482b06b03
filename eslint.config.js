import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import shopRules from './scripts/lint/no-loops-outside-jobs.js';

export default tseslint.config(
  {
    ignores: ['node_modules', 'build', '.react-router', 'web/app/gql', 'tests/gql', 'bff/src/generated', '.data', 'web/public'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'Trans', 'withTranslation'],
              message: 'Use useTranslation from web/app/i18n/index.ts: one t per language, not one per component render.',
            },
            {
              name: '@apollo/client/react',
              importNames: ['useQuery'],
              message: 'Use usePageQuery from web/app/apollo/page-query.ts: during a server render it reads the loader\'s answer without a cache subscription.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/apollo/page-query.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // background work has one home (docs/decisions/0057): no loop outside bff/src/jobs/
    files: ['bff/src/**/*.{ts,tsx}'],
    ignores: ['bff/src/jobs/**'],
    plugins: { shop: shopRules },
    rules: { 'shop/no-loops-outside-jobs': 'error' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
