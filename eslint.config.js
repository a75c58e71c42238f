// Flat config for the whole repository. No type-aware rules: lint stays fast. The import
// zones keep the architecture's dependency rules: remotes import only the kernel, the shell
// imports only the kernel, the kernel imports no app, the API imports only the contracts, and
// the API's platform code (lib, db, files, auth, letters, jobs) imports none of its domains.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const importX = require('eslint-plugin-import-x');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

const REMOTES = ['mf-management', 'mf-finance', 'mf-association', 'mf-content'];
const APPS = ['shell', ...REMOTES];

/** import-x/no-restricted-paths zones: `target` may not import from `from`. */
const zones = [
  // A remote imports neither another remote nor the shell (run-time composition only).
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: APPS.filter((app) => app !== remote).map((app) => `./${app}`),
    message: 'Remotes never import each other or the shell; expose a module and load it at run time (RemoteSlot).',
  })),
  {
    target: './shell',
    from: REMOTES.map((remote) => `./${remote}`),
    message: 'The shell loads remotes at run time through the kernel, never by import.',
  },
  {
    target: './shared-kernel',
    from: [...APPS.map((app) => `./${app}`), './api'],
    message: 'The kernel is imported by the apps, never the other way round.',
  },
  {
    target: './shared-kernel/src/contracts',
    from: './shared-kernel/src',
    except: ['./contracts'],
    message: 'contracts/ is pure TypeScript shared with the API: no React, no browser code.',
  },
  {
    target: './api',
    from: [...APPS.map((app) => `./${app}`), './e2e'],
    message: 'The API imports only shared-kernel/contracts.',
  },
  {
    target: './api',
    from: './shared-kernel/src',
    except: ['./contracts'],
    message: 'The API imports only shared-kernel/contracts.',
  },
  {
    // Inside the API: the platform primitives serve every domain and know none of them.
    target: ['./api/src/lib', './api/src/db', './api/src/files', './api/src/auth', './api/src/letters', './api/src/jobs'],
    from: './api/src/domains',
    message: 'lib/, db/, files/, auth/, letters/ and jobs/ are platform code: they never import a domain (api/src/domains).',
  },
];

module.exports = tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/coverage/**', '**/node_modules/**', '**/.data/**', '**/*.tsbuildinfo',
      'shared-kernel/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Dependencies are parsed to follow import chains (no-cycle); .ts needs the TS parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [importX.createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
        // Sources import '.js' paths that are '.ts' files on disk.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['types', 'import', 'default'],
      })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // A package reaching into another package by relative path bypasses every boundary:
    // import packages by name ('shared-kernel', 'shared-kernel/contracts').
    files: ['shell/**', 'mf-*/**', 'api/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/shared-kernel/src/**', '../shared-kernel/**', '../../shared-kernel/**'], message: "Import the kernel by name: 'shared-kernel' or one of its subpaths." }],
      }],
    },
  },
  {
    // The kernel's entries are shared one by one: an entry reaching another part of the kernel
    // by relative path bundles its own copy of it (a second session store, toast store, http
    // client in the page). Import the root ('shared-kernel') and contracts by name. The
    // sign-in pieces keep the error constants relative: the contracts entry brings yup.
    files: ['shared-kernel/src/{table,forms,charts,standalone,host}/**'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./(?!contracts/errors\\.js$)', message: "Import other kernel parts by name ('shared-kernel', 'shared-kernel/contracts'): each entry is shared on its own." }],
      }],
    },
  },
  {
    // Only the kernel's charts import the chart library. It is not a shared library (a shared
    // module is bundled whole): an app importing it would bring a second copy into the page.
    files: ['shell/**', 'mf-*/**'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['apexcharts', 'react-apexcharts'].map((name) => ({
          name, message: 'Use shared-kernel/charts.',
        })),
        patterns: [{ group: ['**/shared-kernel/src/**', '../shared-kernel/**', '../../shared-kernel/**'], message: "Import the kernel by name: 'shared-kernel' or one of its subpaths." }],
      }],
    },
  },
  {
    files: ['**/*.cjs', 'webpack.shared.js', 'eslint.config.js', 'jest/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/__tests__/**', '**/test/**', 'e2e/**', '**/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
