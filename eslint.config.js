import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

/** Role fields the web may not read to decide what the user may do (see the web block below). */
const WEB_ROLE_FIELDS =
  '/^(isSchoolSuperuser|isSenco|isProviderStaff|isSchoolSuperuserOnAnySchool|isRestricted)$/';
const WEB_ROLE_MESSAGE =
  "The web reads what the user may do from the profile's abilities (useSchoolAbilities, profile.abilities), never from roles.";

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
  {
    // One access decision per request, in the route's policy: services and repositories take what the policy
    // loaded and allowed as arguments and never resolve access or decide about it again. Types stay importable.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/{routes,policy,access,index}.ts',
      'apps/server/src/modules/**/*-{routes,policy,access}.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'platform/access(/index)?$',
              importNames: [
                'accessedSchoolIds',
                'requireSchoolAccess',
                'resolveSchoolAccess',
                'authorizeGroup',
                'authorizePupil',
                'authorizeSchool',
                'authorizeUser',
                'allowOr403',
                'allowOr404',
                'groupFor',
                'pupilTenancyFor',
              ],
              allowTypeImports: true,
              message:
                "Access is decided in the route's policy (routes.ts, policy.ts, access.ts); take its result as an argument.",
            },
            {
              regex: '^\\.\\.?/([^/]+/)?([a-z-]+-)?access$',
              allowTypeImports: true,
              message:
                "A module's access checks run in its routes' policies; take what they allowed as an argument.",
            },
          ],
        },
      ],
    },
  },
  {
    // The web shows menus, pages and buttons from the abilities the server sends (profile.abilities and each
    // school's abilities, computed by the routes' own policies); it never works out from roles what the user may
    // do. Reading a role field fails here, whatever object it is read from.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      // The one exception: a colleague's role on the Users page is data shown and edited there (its label, the
      // superuser switch, group permissions for teachers), not what the signed-in user may do.
      'apps/web/src/features/permissions/lib/colleague-role.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=${WEB_ROLE_FIELDS}]`,
          message: WEB_ROLE_MESSAGE,
        },
        {
          selector: `MemberExpression[computed=true][property.value=${WEB_ROLE_FIELDS}]`,
          message: WEB_ROLE_MESSAGE,
        },
        { selector: `ObjectPattern > Property[key.name=${WEB_ROLE_FIELDS}]`, message: WEB_ROLE_MESSAGE },
      ],
    },
  },
);
