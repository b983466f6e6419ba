import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  message: "Import another module only through its *.service.ts, never its internals.",
};
const databaseInRoutes = {
  group: ['**/db/client', '**/db/schema', '**/db/schema/**', 'drizzle-orm', 'drizzle-orm/**'],
  message: 'Routes call services; only services touch the database.',
};
const serverBoundaries = [
  { files: [`${SERVER}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [schemaImport] }] } },
  { files: [`${SERVER}/modules/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [schemaImport, otherModuleInternals] }] } },
  { files: [`${SERVER}/modules/**/*.service.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] } },
  { files: [`${SERVER}/modules/**/*.routes.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [databaseInRoutes, otherModuleInternals] }] } },
  // Demo seed files (*.demo.ts) write the demo rows in bulk inside the seeding transaction, on
  // purpose without the services' per-row checks and audit rows; they still reach other modules
  // only through services.
  { files: [`${SERVER}/modules/**/*.demo.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] } },
  // db/ owns the schema; lib/ holds the helpers services call inside their transactions (audit,
  // constraint sentences); tests and their helpers set up and inspect rows directly.
  {
    files: [`${SERVER}/db/**/*.ts`, `${SERVER}/lib/**/*.ts`, `${SERVER}/test/**/*.ts`, `${SERVER}/**/*.test.ts`, `${SERVER}/**/*.test-helpers.ts`],
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' }],
    },
  },
  ...serverBoundaries,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
