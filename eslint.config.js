import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// ——— web boundaries (docs/architecture.md, decision 0008) ———
// Features are read from disk, so a new feature is covered without editing this file.
const WEB = 'apps/web/src';
const FEATURES = readdirSync(new URL(`./${WEB}/features/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A relative import that climbs out of `own` into another feature (`../../locations/api/…`, `../../../features/users/…`). */
const otherFeature = (own) => ({
  regex: `^(\\.\\./)+(features/)?(?!${own}/)(${FEATURES.join('|')})(/|$)`,
  message: `A feature imports no other feature. Share it through lib/ or components/ (see docs/architecture.md), or compose the features in app/.`,
});
const anyFeature = {
  regex: '(^|/)features(/|$)',
  message: 'lib/ and components/ import no feature: they are what features are built from.',
};
const apiClient = {
  regex: '(^|/)lib/api-client$',
  importNames: ['apiClient'],
  message:
    "Only features/*/api (and lib/) call the API client: add a function to the feature's api/ folder and call that.",
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const webBoundaries = [
  ...FEATURES.flatMap((feature) => [
    { files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`], rules: restrict(otherFeature(feature), apiClient) },
    { files: [`${WEB}/features/${feature}/api/**/*.{ts,tsx}`], rules: restrict(otherFeature(feature)) },
  ]),
  { files: [`${WEB}/components/**/*.{ts,tsx}`], rules: restrict(anyFeature, apiClient) },
  { files: [`${WEB}/lib/**/*.{ts,tsx}`], rules: restrict(anyFeature) },
  { files: [`${WEB}/{app,config}/**/*.{ts,tsx}`, `${WEB}/*.{ts,tsx}`], rules: restrict(apiClient) },
];

// ——— server boundaries (issue 10; docs/architecture.md "Boundaries") ———
// Later blocks replace earlier ones for the files they match, so each block lists every pattern it keeps.
const SERVER = 'apps/server/src';
const schemaImport = {
  group: ['**/db/schema', '**/db/schema/**'],
  message: 'Only *.service.ts files, db/ and lib/ read db/schema; call a service instead.',
};
const otherModuleInternals = {
  // "../<module>/<file>" from inside modules/: only another module's *.service.ts is public.
  regex: '^\\.\\./[^./][^/]*/(?![^/]+\\.service$).+$',
  message: 'Import another module only through its *.service.ts, never its internals.',
};
const databaseInRoutes = {
  group: ['**/db/client', '**/db/schema', '**/db/schema/**', 'drizzle-orm', 'drizzle-orm/**'],
  message: 'Routes call services; only services touch the database.',
};
const serverBoundaries = [
  { files: [`${SERVER}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [schemaImport] }] } },
  {
    files: [`${SERVER}/modules/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [schemaImport, otherModuleInternals] }] },
  },
  {
    files: [`${SERVER}/modules/**/*.service.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  {
    files: [`${SERVER}/modules/**/*.routes.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [databaseInRoutes, otherModuleInternals] }] },
  },
  // A module's registration (*.module.ts) names its tables' constraint sentences from db/schema.
  {
    files: [`${SERVER}/modules/**/*.module.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  // The module list (modules/index.ts) reads each module's registration.
  {
    files: [`${SERVER}/modules/index.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [schemaImport] }] },
  },
  // Demo seed files (*.demo.ts) write the demo rows in bulk inside the seeding transaction, on
  // purpose without the services' per-row checks and audit rows; they still reach other modules
  // only through services.
  {
    files: [`${SERVER}/modules/**/*.demo.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  // db/ owns the schema; lib/ holds the helpers services call inside their transactions (audit,
  // constraint sentences); tests and their helpers set up and inspect rows directly.
  {
    files: [
      `${SERVER}/db/**/*.ts`,
      `${SERVER}/lib/**/*.ts`,
      `${SERVER}/test/**/*.ts`,
      `${SERVER}/**/*.test.ts`,
      `${SERVER}/**/*.pg-test.ts`,
      `${SERVER}/**/*.test-helpers.ts`,
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
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
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webBoundaries,
);
