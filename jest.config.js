/** Unit and integration tests (*.spec.ts, *.int.spec.ts) beside the code; e2e lives in e2e/ (Playwright). */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];
module.exports = {
  testEnvironment: 'node',
  // Jest 30's default "soft" clean-up of globals between test files wraps a global data property in a setter that
  // calls Reflect.set on the same property, i.e. itself: the next file in that worker that assigns the global
  // overflows the stack ("Test suite failed to run: Maximum call stack size exceeded at Reflect.set"), depending
  // only on which files ran before it in the worker. Off: globals behave as in Jest 29.
  testEnvironmentOptions: { globalsCleanup: 'off' },
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages the api loads by dynamic import (e.g. the Keycloak admin client) are compiled to CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(@keycloak/keycloak-admin-client|@microsoft/kiota-[^/]+|@std-uritemplate/std-uritemplate|camelize-ts|url-template|tinyduration)/)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // The first match wins: the api's entry point (for tools), the tools' harness, then every lib.
  moduleNameMapper: {
    // The web imports single icon modules from Blueprint's ES build (app/icons.ts, components/screen-icons.ts); Jest takes its CommonJS twin.
    '^@blueprintjs/icons/lib/esm/(.*)$': '@blueprintjs/icons/lib/cjs/$1',
    '^@portal/api$': '<rootDir>/apps/api/src/index.ts',
    '^@portal/tools$': '<rootDir>/tools/harness/index.ts',
    '^@portal/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  },
  testTimeout: 30000,
  // Integration specs start their portals from one seeded data dir per run instead of seeding each.
  globalSetup: '<rootDir>/tools/harness/jest-global-setup.ts',
  globalTeardown: '<rootDir>/tools/harness/jest-global-teardown.ts',
};
