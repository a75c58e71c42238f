import { Route, Routes } from 'react-router';
import { setFederationRuntime, type FederationRuntime, type RemoteRoutesModule } from 'shared-kernel';
import { REMOTE_AREAS } from '../app/remote-areas.js';

/** A component standing in for a remote's routes: names the remote, prefix and sub path. */
function fakeAreaRoutes(remote: string, prefix: string) {
  return function FakeAreaRoutes() {
    return (
      <Routes>
        <Route path="*" element={<h1>{`${remote}:${prefix}`}</h1>} />
      </Routes>
    );
  };
}

/** The routes module each remote would expose, built from the shell's route table. */
export function fakeRoutesModule(remote: string): RemoteRoutesModule {
  return {
    routes: Object.fromEntries(
      REMOTE_AREAS.filter((area) => area.remote === remote).map(({ prefix }) => [prefix, fakeAreaRoutes(remote, prefix)]),
    ),
    buildId: `${remote}-build-1`,
  };
}

/**
 * Installs a fake federation runtime with the four remotes registered; `loadRemote` can be
 * overridden per test (e.g. to fail). Returns the jest mocks.
 */
export function installFakeRemotes(load?: (id: string) => Promise<unknown>) {
  const loadRemote = jest.fn(load ?? (async (id: string) => fakeRoutesModule(id.split('/')[0])));
  const registerRemotes = jest.fn();
  const runtime: FederationRuntime = {
    registerRemotes,
    loadRemote: loadRemote as FederationRuntime['loadRemote'],
  };
  setFederationRuntime(runtime);
  return { loadRemote, registerRemotes };
}
