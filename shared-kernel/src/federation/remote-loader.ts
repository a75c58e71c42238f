import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTE_LOAD_FAILED, type RemoteLoadFailure } from './runtime-plugin.js';

/** The four remotes (their federation names equal the keys of /remotes.json). */
export const REMOTE_NAMES = ['management', 'finance', 'association', 'content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** /remotes.json: remote name -> manifest URL (absolute, or relative to the page). */
export type RemoteRegistry = Partial<Record<RemoteName, string>>;

/**
 * What a remote's `./routes` module exports: one component per route prefix it serves
 * (e.g. finance: { 'm-fin': FinanceRoutes, 'm-student/dun': DunningRoutes }). Each component
 * renders descendant `<Routes>` relative to its prefix with a `*` route to /m-dash.
 */
export interface RemoteRoutesModule {
  routes: Record<string, ComponentType>;
  /**
   * The remote's own build id (its `__BUILD_ID__`, set by webpack.shared.js), shown under its
   * area so a redeployed remote can be told apart. It must come from the remote's code: the
   * kernel is shared from the shell and would name the shell's build.
   */
  buildId?: string;
}

/** The parts of the Module Federation runtime the kernel uses (replaceable in tests). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

const moduleFederationRuntime: FederationRuntime = {
  registerRemotes(remotes, options) {
    // The instance the bundler created at start-up; a module-level registerRemotes without it
    // fails with RUNTIME-009.
    const instance = getInstance();
    if (!instance) throw new Error('Module Federation runtime is not initialised');
    instance.registerRemotes(remotes, options);
  },
  loadRemote: <T>(id: string) => loadRemote<T>(id),
};

let runtime: FederationRuntime = moduleFederationRuntime;
let registry: RemoteRegistry = {};
const registered = new Set<string>();
const moduleCache = new Map<string, Promise<unknown>>();
let registryReady: Promise<void> | null = null;

/**
 * Replaces the Module Federation runtime (unit tests; pass nothing to restore the real one).
 * Also forgets the registry and every cached module.
 */
export function setFederationRuntime(next?: FederationRuntime): void {
  runtime = next ?? moduleFederationRuntime;
  registry = {};
  registered.clear();
  moduleCache.clear();
  registryReady = null;
}

function absolute(url: string): string {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
}

/**
 * Registers the remotes of a registry with the runtime (before the first load). Remotes
 * already registered are re-registered with `force` so a changed URL takes effect.
 */
export function registerRemoteRegistry(next: RemoteRegistry): void {
  registry = { ...registry, ...next };
  const remotes = Object.entries(next)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, entry]) => ({ name, entry: absolute(entry) }));
  const fresh = remotes.filter((r) => !registered.has(r.name));
  const known = remotes.filter((r) => registered.has(r.name));
  if (fresh.length) runtime.registerRemotes(fresh);
  if (known.length) runtime.registerRemotes(known, { force: true });
  for (const r of remotes) registered.add(r.name);
}

/**
 * Fetches the remote registry (default `/remotes.json`) and registers every remote (but those
 * in `exclude`). Never
 * rejects: without a registry each area shows its error panel, the shell keeps working.
 * Loads wait for this to finish.
 *
 * @example
 * await initRemotes(); root.render(<App />);
 */
export function initRemotes(url = '/remotes.json', options: { exclude?: string[] } = {}): Promise<void> {
  registryReady = (async () => {
    try {
      const response = await fetch(absolute(url), { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const all = (await response.json()) as RemoteRegistry;
      // A standalone remote is its own host: it must not register itself as a remote.
      const exclude = new Set(options.exclude ?? []);
      registerRemoteRegistry(
        Object.fromEntries(Object.entries(all).filter(([name]) => !exclude.has(name))) as RemoteRegistry,
      );
    } catch (error) {
      console.error('Remote registry could not be loaded', error);
    }
  })();
  return registryReady;
}

/** Whether an error is a failed remote load (as opposed to an error in the remote's code). */
export function isRemoteLoadFailure(error: unknown): error is RemoteLoadFailure {
  return Boolean(error && typeof error === 'object' && (error as { code?: unknown }).code === REMOTE_LOAD_FAILED);
}

function remoteError(id: string, cause: unknown): Error {
  if (isRemoteLoadFailure(cause)) return cause;
  const failure = new Error(`Remote module ${id} could not be loaded`) as RemoteLoadFailure;
  failure.code = REMOTE_LOAD_FAILED;
  failure.remoteId = id;
  failure.lifecycle = 'load';
  failure.cause = cause;
  return failure;
}

/**
 * Loads a module a remote exposes (`exposed` without './'), once; a failed load is not cached,
 * so calling again retries. Rejects with a remote load failure when the remote is unknown,
 * unreachable or broken.
 *
 * @example
 * const { routes } = await loadRemoteModule<RemoteRoutesModule>('finance', 'routes');
 */
export function loadRemoteModule<T>(remote: string, exposed: string): Promise<T> {
  const id = `${remote}/${exposed.replace(/^\.\//, '')}`;
  const cached = moduleCache.get(id);
  if (cached) return cached as Promise<T>;
  const loading = (async () => {
    if (registryReady) await registryReady;
    if (!registered.has(remote)) throw remoteError(id, new Error(`Remote ${remote} is not registered`));
    let loaded: T | null;
    try {
      loaded = await runtime.loadRemote<T>(id);
    } catch (error) {
      throw remoteError(id, error);
    }
    if (loaded === null || loaded === undefined) throw remoteError(id, new Error('empty module'));
    return loaded;
  })();
  moduleCache.set(id, loading);
  loading.catch(() => {
    if (moduleCache.get(id) === loading) moduleCache.delete(id);
  });
  return loading;
}

/**
 * Starts loading a remote's routes module in the background (menu hover/focus), so the first
 * navigation does not wait. Errors are left for the real navigation to show.
 */
export function preloadRemote(remote: string): void {
  loadRemoteModule(remote, 'routes').catch(() => undefined);
}

/**
 * Forgets a remote's failed or loaded state so the next load fetches its manifest and entry
 * again (the runtime caches manifests and entries, also failed ones), without a page reload.
 *
 * @example
 * <ErrorPanel code={1} onRetry={() => { retryRemote('finance'); reload(); }} />
 */
export function retryRemote(remote: string): void {
  for (const id of [...moduleCache.keys()]) {
    if (id.startsWith(`${remote}/`)) moduleCache.delete(id);
  }
  const entry = registry[remote as RemoteName];
  if (entry) {
    runtime.registerRemotes([{ name: remote, entry: absolute(entry) }], { force: true });
    registered.add(remote);
  }
}
