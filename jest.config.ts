import type { Config } from 'jest';

/**
 * One jest run over every package (projects). Unit and component tests live in
 * `__tests__/` beside the code; API tests drive the server over HTTP against a real
 * database; e2e tests drive Debian's Chromium against the built product.
 */
const tsJest: Config['transform'] = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
};

const kernelMapper = {
  '^shared-kernel$': '<rootDir>/shared-kernel/src/index.ts',
  '^shared-kernel/tokens\\.css$': '<rootDir>/jest/empty-module.cjs',
  '^shared-kernel/(contracts|table|forms|charts|host|standalone|testing)$': '<rootDir>/shared-kernel/src/$1/index.ts',
  '\\.module\\.css$': '<rootDir>/jest/css-module.cjs',
  '\\.css$': '<rootDir>/jest/empty-module.cjs',
  // Sources write ESM imports with .js extensions; jest resolves the .ts file.
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

function browserProject(displayName: string, dir: string): Config {
  return {
    displayName,
    rootDir: __dirname,
    roots: [`<rootDir>/${dir}/src`],
    testMatch: ['**/__tests__/**/*.test.ts?(x)'],
    testEnvironment: '<rootDir>/jest/jsdom-environment.cjs',
    transform: tsJest,
    // ky ships ESM only.
    transformIgnorePatterns: ['/node_modules/(?!(ky)/)'],
    moduleNameMapper: kernelMapper,
  } as Config;
}

const config: Config = {
  projects: [
    browserProject('kernel', 'shared-kernel'),
    browserProject('shell', 'shell'),
    browserProject('management', 'mf-management'),
    browserProject('finance', 'mf-finance'),
    browserProject('association', 'mf-association'),
    browserProject('content', 'mf-content'),
    {
      displayName: 'api',
      rootDir: __dirname,
      roots: ['<rootDir>/api'],
      testMatch: ['<rootDir>/api/test/**/*.test.ts', '<rootDir>/api/src/**/__tests__/**/*.test.ts'],
      testEnvironment: 'node',
      transform: tsJest,
      // file-type (upload checks) and its parsers ship ESM only, and file-type exports no
      // `require` entry: map it to its file and let ts-jest turn these into CommonJS.
      transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|jose)/)'],
      moduleNameMapper: { '^file-type$': '<rootDir>/node_modules/file-type/index.js', ...kernelMapper },
      testTimeout: 60_000,
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      roots: ['<rootDir>/e2e'],
      testMatch: ['<rootDir>/e2e/tests/**/*.test.ts'],
      testEnvironment: 'node',
      transform: tsJest,
      // jose (verifying the tokens the product hands to framed pages) ships ESM only.
      transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
      moduleNameMapper: kernelMapper,
      testTimeout: 120_000,
    },
  ],
};

export default config;
