// `npm start`: build whatever is not built yet, then serve the whole back office (shell,
// remotes, API) from one process on PORT (default 8080) with the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const targets = [
  { what: 'API server', built: 'api/dist/server.js', build: ['run', 'build:server'] },
  { what: 'shell', built: 'shell/dist/index.html', build: ['run', 'build', '-w', 'shell'] },
  ...['management', 'finance', 'association', 'content'].map((name) => ({
    what: `remote ${name}`,
    built: `mf-${name}/dist/mf-manifest.json`,
    build: ['run', 'build', '-w', `mf-${name}`],
  })),
];

for (const target of targets) {
  if (existsSync(join(root, target.built))) continue;
  console.log(`Building the ${target.what} (not built yet) ...`);
  const result = spawnSync(npm, target.build, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${target.what} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, [join(root, 'api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
