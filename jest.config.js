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
  roots: ['<rootDir>/libs', '<rootDir>/apps'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages the api loads by dynamic import (e.g. the Keycloak admin client) are compiled to CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(@keycloak/keycloak-admin-client|@microsoft/kiota-[^/]+|@std-uritemplate/std-uritemplate|camelize-ts|url-template|tinyduration)/)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@portal/(contracts|domain|event-store|read-store|bus|blob-store|commands|bank-statements)$': '<rootDir>/libs/$1/src/index.ts',
    '^@portal/(projector|ocr-worker|api)$': '<rootDir>/apps/$1/src/index.ts' },
  testTimeout: 30000,
};
