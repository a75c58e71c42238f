// Serves one remote alone in the kernel's minimal host (login + that remote's routes), for QA:
//   npm run standalone -w mf-finance        (PORT, API_URL to change the defaults)
// webpack-dev-server in development mode; /api-*, /remotes.json and /remotes/* go to the API.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const WebpackDevServer = require('webpack-dev-server');

const PORTS = { management: 3001, finance: 3002, association: 3003, content: 3004 };
const name = process.argv[2];
if (!name || !(name in PORTS)) {
  console.error(`Usage: node scripts/standalone.mjs <${Object.keys(PORTS).join('|')}>`);
  process.exit(2);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(repoRoot, `mf-${name}`);
const port = Number(process.env.PORT || PORTS[name]);
const apiUrl = process.env.API_URL || 'http://localhost:8080';

const { default: configFactory } = await import(pathToFileURL(path.join(appDir, 'webpack.config.js')).href);
const config = configFactory({ standalone: true }, { mode: 'development' });
// The dev server keeps the bundle in memory: nothing is written to dist.
config.output.clean = false;

const compiler = webpack(config);
const server = new WebpackDevServer(
  {
    port,
    host: process.env.HOST || 'localhost',
    historyApiFallback: true,
    static: false,
    hot: false,
    liveReload: true,
    client: { overlay: { errors: true, warnings: false } },
    proxy: [
      {
        context: (pathname) => pathname.startsWith('/api-') || pathname.startsWith('/remotes'),
        target: apiUrl,
        changeOrigin: true,
      },
    ],
  },
  compiler,
);

await server.start();
console.log(`\n  ${name} standalone: http://localhost:${port}  (API: ${apiUrl})\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
