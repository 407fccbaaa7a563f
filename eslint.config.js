import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'entity', pattern: 'apps/web/src/entities/*', capture: ['entity'] },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'shared', pattern: 'apps/web/src/(components|lib|i18n)' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Layers: app -> features -> entities -> components, lib, i18n. Features never import each other or the app;
      // what several features read lives in entities/, other shared code in components/, lib/ or the contract.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' } } },
              },
            },
            { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
            {
              from: { element: { type: 'entity' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'entity', 'app'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { boundaries, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'import/extensions': ['.ts', '.js'],
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server-platform', pattern: 'apps/server/src/platform' },
        { type: 'server-db', pattern: 'apps/server/src/db' },
        { type: 'server-seed', pattern: 'apps/server/src/seed' },
      ],
    },
    rules: {
      // A module is used through its index.ts only (its public face), so its routes, services and repositories can
      // change without touching other modules. Platform and the database schema know nothing of modules.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { module: '!{{ from.captured.module }}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
            },
            {
              from: { element: { type: 'server-platform' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { element: { type: 'server-db' } },
              disallow: {
                to: { element: { types: { anyOf: ['server-module', 'server-platform', 'server-seed'] } } },
              },
            },
            {
              from: { element: { type: 'server-seed' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-duplicates': 'error',
    },
  },
);
