// typescript-eslint's recommended rules for all TypeScript, and the boundary rules (docs/layout.md): which package
// may import which. Formatting is Prettier's (`npm run format`), not the linter's.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const APPS = ['api', 'projector', 'ocr-worker', 'web'];

const appPackage = (app) => ({
  name: `@portal/${app}`,
  message: 'Apps depend on libs, never on each other (docs/layout.md): move what two apps share into a lib.',
});
const otherApps = (self) => APPS.filter((app) => app !== self).map(appPackage);
const allApps = APPS.map(appPackage);
const toolsPackage = { name: '@portal/tools', message: 'Shipped code (src, not specs) never imports tools or test support.' };

/** Relative imports stay inside their package; another package is imported by its @portal/ name. */
const leavesPackage = [
  { regex: '^(\\.\\./)+(apps|libs|tools)(/|$)', message: 'A relative import stays inside its package: import another package by its @portal/ name.' },
  { regex: '^(\\.\\./)+[a-z-]+/(src|test)(/|$)', message: 'A relative import stays inside its package: import another package by its @portal/ name.' },
];
/** From src (specs aside): nothing in the package's test/ folder (or tools). */
const reachesTestCode = [{ regex: '^(\\.\\./)+(test|tools)(/|$)', message: 'Shipped code (src, not specs) never imports test support or tools.' }];

const restrict = (paths, patterns) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });
const SPECS = ['**/*.spec.ts', '**/*.spec.tsx'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'deploy/**', 'jest.config.js', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts', '**/*.tsx'] })),
  {
    files: ['**/*.ts', '**/*.tsx'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a name kept on purpose (a parameter a signature needs, a rest sibling dropped).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // The rules of hooks; a dependency list that leaves something out says why beside it.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Shipped code of each app: no other app, no tools, nothing from test/.
  ...APPS.map((app) => ({
    files: [`apps/${app}/src/**/*.{ts,tsx}`],
    ignores: SPECS,
    rules: restrict([...otherApps(app), toolsPackage], [...leavesPackage, ...reachesTestCode]),
  })),
  // An app's specs and test support: still no other app.
  ...APPS.map((app) => ({ files: [`apps/${app}/src/**/*.spec.{ts,tsx}`, `apps/${app}/test/**/*.{ts,tsx}`], rules: restrict(otherApps(app), leavesPackage) })),
  // Libs never import apps; their shipped code no tools or test support either.
  { files: ['libs/*/src/**/*.ts'], ignores: SPECS, rules: restrict([...allApps, toolsPackage], [...leavesPackage, ...reachesTestCode]) },
  { files: ['libs/*/src/**/*.spec.ts', 'libs/*/test/**/*.ts'], rules: restrict(allApps, leavesPackage) },
  // Tools drive the apps through their entry points, not through their files.
  { files: ['tools/**/*.ts'], rules: restrict([], leavesPackage) },
);
