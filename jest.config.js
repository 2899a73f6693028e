/**
 * Jest with ts-jest in ESM mode. Workspace packages are mapped to their sources, so unit tests
 * need no build; CLI end-to-end tests run the built CLI (`pnpm build` first).
 * @type {import('jest').Config}
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.svelte'],
  moduleFileExtensions: ['js', 'mjs', 'cjs', 'ts', 'tsx', 'json', 'node', 'svelte'],
  roots: ['<rootDir>/packages', '<rootDir>/examples', '<rootDir>/test'],
  testMatch: ['**/?(*.)test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/generated/'],
  moduleNameMapper: {
    '^@reslayer/(core|engine|runtime|plugin-client|plugin-hooks|plugin-config-meta|plugin-mocks|plugin-validators|plugin-collections|cli|diff)$': '<rootDir>/packages/$1/src/index.ts',
    '^@reslayer/core/host$': '<rootDir>/packages/core/src/host.ts',
    '^@reslayer/runtime/mocks$': '<rootDir>/packages/runtime/src/mocks.ts',
    '^@reslayer/diff/codes$': '<rootDir>/packages/diff/src/codes.ts',
    '^@reslayer/runtime/names$': '<rootDir>/packages/runtime/src/mockNames.ts',
    '^@reslayer/runtime/query$': '<rootDir>/packages/runtime/src/query.ts',
    '^@reslayer/runtime/collections$': '<rootDir>/packages/runtime/src/collections.ts',
    '^@reslayer/(plugin-client|plugin-hooks|plugin-config-meta|plugin-mocks|plugin-validators|plugin-collections)/naming$': '<rootDir>/packages/$1/src/naming.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.test.json' }],
    // Svelte 5 components and rune modules (the svelte-query adapter's run-time test), compiled by svelte/compiler.
    '\\.svelte(\\.js)?$': '<rootDir>/test/utils/svelteTransform.cjs',
  },
  // node_modules stay untransformed, except the uncompiled runes @tanstack/svelte-query ships.
  transformIgnorePatterns: ['/node_modules/(?!.*\\.svelte(\\.js)?$)'],
  testTimeout: 60000,
};
