/**
 * Starts the built product (API server serving the shell and the four remotes) on a free
 * port, with a fresh embedded database and its own copy of the built bundles, so a test may
 * break or redeploy a remote without touching the working tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const REMOTE_NAMES = ['management', 'finance', 'association', 'content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RunningProduct {
  url: string;
  port: number;
  /** Folder holding shell/dist and mf-<name>/dist as served. */
  staticRoot: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function copyBuilds(staticRoot: string): void {
  const apps = ['shell', ...REMOTE_NAMES.map((name) => `mf-${name}`)];
  for (const app of apps) {
    const dist = join(REPO_ROOT, app, 'dist');
    if (!existsSync(dist)) {
      throw new Error(`${app}/dist is missing: run \`npm run build\` before the browser tests`);
    }
    cpSync(dist, join(staticRoot, app, 'dist'), { recursive: true });
  }
}

export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const serverEntry = join(REPO_ROOT, 'api', 'dist', 'server.js');
  if (!existsSync(serverEntry)) {
    throw new Error('api/dist/server.js is missing: run `npm run build` before the browser tests');
  }
  const work = mkdtempSync(join(tmpdir(), 'sbo-e2e-'));
  const staticRoot = join(work, 'static');
  const dataDir = join(work, 'data');
  copyBuilds(staticRoot);
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: work,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_ROOT: staticRoot,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      EVENTS_CALENDAR_URL: 'https://events.example.org/calendar',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    staticRoot,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
