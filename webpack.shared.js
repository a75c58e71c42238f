// One factory for every browser bundle (shell and the four remotes): loaders, Module
// Federation and the one list of shared singletons. Each app's webpack.config.js only names
// itself. CommonJS because the repository root is not an ES module package; the apps'
// ESM configs import it by name.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const repoRoot = __dirname;
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json', { paths: [repoRoot] })),
  'dist', 'production', 'index.mjs',
);
const rootPackage = readJson(path.join(repoRoot, 'package.json'));
const kernelPackage = readJson(path.join(repoRoot, 'shared-kernel', 'package.json'));

/**
 * Libraries that must exist once in the page. requiredVersion comes from package.json.
 *
 * A shared library is bundled whole (any remote might use any export), so only libraries the
 * apps import themselves belong here. apexcharts does not: only the kernel's charts entry
 * imports it, and that entry is a singleton already, so the page gets one copy of it.
 */
const SHARED_LIBRARIES = [
  'react', 'react-dom', 'react-router', 'zustand', 'i18next', 'react-i18next', 'ky', 'formik',
  'yup', 'dayjs',
];

/**
 * The kernel's entry points, shared by explicit key so the shell provides every one of them
 * (a remote must never bring its own kernel: session, i18n and toasts are singletons).
 */
const KERNEL_ENTRIES = [
  'shared-kernel', 'shared-kernel/table', 'shared-kernel/forms', 'shared-kernel/charts',
  'shared-kernel/host', 'shared-kernel/standalone', 'shared-kernel/contracts',
];

/**
 * Hashed names for entry chunks. The federation runtime module asks for this template while
 * webpack 5.111 is still computing hashes (module-federation/core#5077); no content hash
 * exists then, so answer the unhashed form, which yields the same output directory.
 */
function entryFilename(pathData) {
  return pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
    ? '[name].[contenthash:10].js'
    : '[name].js';
}

/** Human titles of the apps' index.html. */
const TITLES = {
  shell: 'Schulverwaltung',
  management: 'Schulverwaltung – Verwaltung (Standalone)',
  finance: 'Schulverwaltung – Finanzen (Standalone)',
  association: 'Schulverwaltung – Verband (Standalone)',
  content: 'Schulverwaltung – Webseite (Standalone)',
};

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The share map: every library a singleton with the version range the kernel declares. */
function sharedConfig() {
  const deps = kernelPackage.dependencies;
  const shared = {};
  for (const lib of SHARED_LIBRARIES) {
    shared[lib] = { singleton: true, requiredVersion: deps[lib] };
  }
  // Subpaths such as react-dom/client: the trailing slash shares every one of them.
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'] };
  // Every compiled JSX file imports it: shared, or each app would bring its own copy.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: deps.react };
  for (const entry of KERNEL_ENTRIES) {
    shared[entry] = {
      singleton: true,
      version: kernelPackage.version,
      requiredVersion: `^${kernelPackage.version}`,
    };
  }
  return shared;
}

function htmlTemplate(title) {
  return `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <noscript>Diese Anwendung braucht JavaScript. Bitte aktivieren Sie JavaScript in Ihrem Browser.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * Builds the webpack configuration of one browser app.
 *
 * @param {object} options
 * @param {'shell'|'management'|'finance'|'association'|'content'} options.name federation name
 *   (equals the key in /remotes.json for remotes)
 * @param {string} options.dir the app's package directory
 * @param {'host'|'remote'} options.kind the shell is the host; remotes expose modules
 * @param {Record<string,string>} [options.exposes] for remotes, e.g. { './routes': './src/routes.tsx' }
 * @param {number} options.port port of the standalone dev server
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration}
 *
 * @example
 * export default createWebpackConfig({ name: 'finance', dir: import.meta.dirname, kind: 'remote',
 *   exposes: { './routes': './src/routes.tsx' }, port: 3002 });
 */
function createWebpackConfig({ name, dir, kind, exposes = {}, port }) {
  return (env = {}, argv = {}) => {
    const mode = argv.mode === 'development' || env.development ? 'development' : 'production';
    const production = mode === 'production';
    // The standalone dev server serves a remote at the site root with deep links.
    const standalone = Boolean(env.standalone);
    const isRemote = kind === 'remote';
    const publicPath = isRemote && !standalone ? 'auto' : '/';
    const buildId = process.env.BUILD_ID || new Date().toISOString();

    return {
      name,
      mode,
      context: dir,
      target: 'web',
      entry: { main: './src/index.ts' },
      // eval source maps break under the Content-Security-Policy (no unsafe-eval).
      devtool: 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        uniqueName: `sbo_${name}`,
        filename: production ? entryFilename : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // Sources write ESM imports with .js extensions; resolve them to the .ts files.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        // react-router 7 exports only its development build (warnings, checks); its package
        // ships the production build beside it, which bundlers are meant to pick for production.
        alias: production ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    // The app name keeps class names apart across separately built apps.
                    localIdentName: production
                      ? `${name}_[hash:base64:8]`
                      : `${name}_[name]__[local]_[hash:base64:5]`,
                  },
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: ['style-loader', 'css-loader'],
          },
          { test: /\.(png|jpe?g|gif|svg|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_VERSION__: JSON.stringify(rootPackage.version),
          __BUILD_ID__: JSON.stringify(buildId),
        }),
        new HtmlWebpackPlugin({
          templateContent: htmlTemplate(TITLES[name] ?? 'Schulverwaltung'),
          inject: 'body',
          // Only the app entry: remoteEntry.js is for hosts, not for the standalone page.
          chunks: ['main'],
          scriptLoading: 'defer',
        }),
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          shared: sharedConfig(),
          shareStrategy: 'loaded-first',
          runtimePlugins: [path.join(repoRoot, 'shared-kernel', 'src', 'federation', 'runtime-plugin.ts')],
          manifest: isRemote,
          dts: false,
        }),
      ],
      optimization: {
        // Stable module ids keep unchanged chunks byte-identical across rebuilds.
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        static: false,
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig, SHARED_LIBRARIES, KERNEL_ENTRIES };
