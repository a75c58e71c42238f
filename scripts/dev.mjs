// `npm run dev`: the API and every bundle in watch mode. The API restarts when its build
// changes; the browser bundles rebuild into their dist folders, which the API serves, so a
// page reload shows the change (remotes are read per request, never cached by the server).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['shell', 'mf-management', 'mf-finance', 'mf-association', 'mf-content'];

// The server must exist before `node --watch` can start it.
const first = spawnSync('npx', ['tsc', '-b', 'api/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
function run(label, command, args, cwd = root) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${label}] `;
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => console.log(`${prefix}exited with ${code}`));
  children.push(child);
}

run('api-build', 'npx', ['tsc', '-b', 'api/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
run('api', process.execPath, ['--watch', join(root, 'api/dist/server.js')]);
for (const app of apps) {
  run(app, 'npx', ['webpack', '--mode', 'development', '--watch'], join(root, app));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
