// Boundary rules only (docs/layout.md): which package may import which. Stylistic rules come later.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const APPS = ['api', 'projector', 'ocr-worker', 'web'];

const appPackage = (app) => ({ name: `@portal/${app}`, message: 'Apps depend on libs, never on each other (docs/layout.md): move what two apps share into a lib.' });
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
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/**', 'deploy/**', 'scripts/**', 'playwright.config.ts', 'jest.config.js', '**/*.mjs', '**/*.js'] },
  // The typescript-eslint plugin is registered (none of its rules on) so directives in the code name known rules.
  { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin }, linterOptions: { reportUnusedDisableDirectives: 'off' } },
  // Registered (none of its rules on) so the web client's directives about hooks name a known rule.
  { files: ['apps/web/**/*.{ts,tsx}'], plugins: { 'react-hooks': reactHooks } },
  // Shipped code of each app: no other app, no tools, nothing from test/.
  ...APPS.map((app) => ({ files: [`apps/${app}/src/**/*.{ts,tsx}`], ignores: SPECS, rules: restrict([...otherApps(app), toolsPackage], [...leavesPackage, ...reachesTestCode]) })),
  // An app's specs and test support: still no other app.
  ...APPS.map((app) => ({ files: [`apps/${app}/src/**/*.spec.{ts,tsx}`, `apps/${app}/test/**/*.{ts,tsx}`], rules: restrict(otherApps(app), leavesPackage) })),
  // Libs never import apps; their shipped code no tools or test support either.
  { files: ['libs/*/src/**/*.ts'], ignores: SPECS, rules: restrict([...allApps, toolsPackage], [...leavesPackage, ...reachesTestCode]) },
  { files: ['libs/*/src/**/*.spec.ts', 'libs/*/test/**/*.ts'], rules: restrict(allApps, leavesPackage) },
  // Tools drive the apps through their entry points, not through their files.
  { files: ['tools/**/*.ts'], rules: restrict([], leavesPackage) },
);
