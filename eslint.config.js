import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Boundaries (docs/architecture.md "Boundaries", decision 0012). Layers are zones of resolved
// files (import-x/no-restricted-paths), so an import is judged by the file it reaches, however
// many `../` it climbs; import-x/no-cycle refuses import cycles. Module areas and features are
// read from disk, so a new one is covered without editing this file.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(ROOT, ...parts);
const foldersIn = (dir) =>
  readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// ——— web ———
const WEB = 'apps/web/src';
const FEATURES = foldersIn(`${WEB}/features`);
const apiClient = {
  regex: '(^|/)lib/api-client$',
  importNames: ['apiClient'],
  message:
    "Only features/*/api (and lib/) call the API client: add a function to the feature's api/ folder and call that.",
};
const webZones = [
  {
    target: [at(WEB, 'lib'), at(WEB, 'components'), at(WEB, 'config')],
    from: [at(WEB, 'features'), at(WEB, 'app')],
    message:
      'lib/, config/ and components/ import no feature and nothing from app/: they are what features are built from.',
  },
  ...FEATURES.map((feature) => ({
    target: at(WEB, 'features', feature),
    from: FEATURES.filter((other) => other !== feature).map((other) => at(WEB, 'features', other)),
    message:
      'A feature imports no other feature. Share it through lib/ or components/ (see docs/architecture.md), or compose the features in app/.',
  })),
];
// Not for tests: they render a feature inside the app's providers (app/provider.tsx), as the app does.
const featuresBelowApp = {
  target: at(WEB, 'features'),
  from: at(WEB, 'app'),
  message: 'A feature imports nothing from app/: app/ composes the features.',
};
const WEB_TESTS = [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/test/**/*.{ts,tsx}`];
const webBoundaries = [
  { files: [`${WEB}/features/*/!(api)/**/*.{ts,tsx}`, `${WEB}/features/*/*.{ts,tsx}`], rules: restrict(apiClient) },
  { files: [`${WEB}/{app,components,config}/**/*.{ts,tsx}`, `${WEB}/*.{ts,tsx}`], rules: restrict(apiClient) },
];

// ——— server: contract < lib < db < plugins < modules < app.ts, server.ts ———
const SERVER = 'apps/server/src';
const AREAS = foldersIn(`${SERVER}/modules`);
const S = (...parts) => at(SERVER, ...parts);
/** A module's public entry: the one file of it that anything outside the module may import. */
const PUBLIC_ENTRIES = [S('modules/*/index.ts')];
const serverZones = [
  {
    target: S('lib'),
    from: [S('plugins'), S('modules'), S('app.ts'), S('server.ts')],
    message: 'lib/ is the bottom layer: it imports only the contract and packages (types from db/client aside).',
  },
  {
    target: S('db'),
    from: [S('plugins'), S('app.ts'), S('server.ts')],
    message: 'db/ sits below plugins/, modules/ and the app: it imports only lib/ and the contract.',
  },
  {
    target: S('db/**/!(seed).ts'),
    from: [S('modules/**')],
    message: 'db/ sits below modules/; only db/seed.ts composes the modules’ demo seeds, through their index.ts.',
  },
  {
    target: S('db/seed.ts'),
    from: [S('modules/*/**/*')],
    except: PUBLIC_ENTRIES,
    message: 'db/seed.ts reaches a module only through its public entry, modules/<area>/index.ts.',
  },
  {
    target: S('plugins'),
    from: [S('modules'), S('app.ts'), S('server.ts')],
    message: 'plugins/ sit below modules/: the app hands them what they need from a module (app.ts).',
  },
  {
    target: S('modules'),
    from: [S('app.ts'), S('server.ts')],
    message: 'Modules import nothing from app.ts or server.ts; the app composes them.',
  },
  ...AREAS.map((area) => ({
    target: S('modules', area),
    from: AREAS.filter((other) => other !== area).map((other) => S('modules', other, '**')),
    except: PUBLIC_ENTRIES,
    message: 'Import another module only through its public entry, modules/<area>/index.ts, never its internals.',
  })),
  {
    // The sales ledger (issue 32) is below the modules that sell, serve and read: they reach it, it reaches none of them.
    target: S('modules/sales'),
    from: ['clients', 'floor', 'reports', 'payroll'].map((area) => S('modules', area)),
    message:
      'The sales module sits below clients, floor, reports and payroll: what a sale tells them is handed in at their registration (modules/sales/sale-watch.ts).',
  },
  {
    target: [S('app.ts'), S('server.ts')],
    from: [S('modules/*/**/*')],
    except: PUBLIC_ENTRIES,
    message: 'The app reaches a module through modules/index.ts or the module’s own index.ts.',
  },
];
const sharedZones = [
  {
    target: at('packages/contract'),
    from: at('apps'),
    message: 'The contract is shared by both apps and imports nothing from apps/.',
  },
  { target: at('apps/server'), from: at('apps/web'), message: 'The server and the panel share only the contract.' },
  { target: at('apps/web'), from: at('apps/server'), message: 'The server and the panel share only the contract.' },
];
// Tests, their helpers and the bench and bulk-seed scripts: tools around the app, not layers of it.
const SERVER_TESTS = [
  `${SERVER}/test/**/*.ts`,
  `${SERVER}/**/*.bench.ts`,
  `${SERVER}/**/*.bulk-seed.ts`,
  `${SERVER}/**/*.test.ts`,
  `${SERVER}/**/*.pg-test.ts`,
  `${SERVER}/**/*.test-helpers.ts`,
];
const importBoundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...sharedZones, ...serverZones, ...webZones, featuresBelowApp] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Tests set up and inspect rows across modules; they still may not form cycles.
  {
    files: SERVER_TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: sharedZones }] },
  },
  {
    files: WEB_TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...sharedZones, ...webZones] }] },
  },
];

// Later blocks replace earlier ones for the files they match, so each block lists every pattern it keeps.
const schemaImport = {
  group: ['**/db/schema', '**/db/schema/**'],
  message: 'Only *.service.ts files and db/ read db/schema; call a service instead.',
};
const databaseInRoutes = {
  group: ['**/db/client', '**/db/schema', '**/db/schema/**', 'drizzle-orm', 'drizzle-orm/**'],
  message: 'Routes call services; only services touch the database.',
};
const serverBoundaries = [
  { files: [`${SERVER}/**/*.ts`], rules: restrict(schemaImport) },
  { files: [`${SERVER}/modules/**/*.service.ts`, `${SERVER}/db/**/*.ts`], rules: { 'no-restricted-imports': 'off' } },
  { files: [`${SERVER}/modules/**/*.routes.ts`], rules: restrict(databaseInRoutes) },
  // A module's registration (*.module.ts) names its tables' constraint sentences from db/schema; a
  // plain resource (*.resource.ts, db/define-resource.ts) is its table, rules and routes in one
  // declaration, and is its module; demo seed files (*.demo.ts) write the demo rows in bulk inside the seeding transaction, on
  // purpose without the services' per-row checks and audit rows.
  { files: [`${SERVER}/modules/**/*.{module,resource,demo}.ts`], rules: { 'no-restricted-imports': 'off' } },
  // lib/ sits below db/: it may name db/client's types (erased at build time), never use db/ at run time.
  {
    files: [`${SERVER}/lib/**/*.ts`],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db', '**/db/**'],
              allowTypeImports: true,
              message:
                'lib/ sits below db/: move a helper that reads or writes tables to db/, or take the value as an argument.',
            },
          ],
        },
      ],
    },
  },
  { files: SERVER_TESTS, rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': 'off' } },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/src/db/migrations/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
      ],
    },
  },
  ...serverBoundaries,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        {
          // MUI 9 dropped Typography's system props: `color` takes a palette name only, and a theme
          // path is ignored without a warning (every grey caption came out in the body's colour).
          selector: "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/\\./]",
          message:
            "Typography's color takes a palette name (textSecondary, error, success…); a theme path such as text.secondary is ignored by MUI 9. Use the name, or sx={{ color: 'text.secondary' }}.",
        },
      ],
    },
  },
  ...webBoundaries,
  ...importBoundaries,
);
