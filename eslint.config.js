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
  message: "Only features/*/api (and lib/) call the API client: add a function to the feature's api/ folder and call that.",
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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webBoundaries,
);
