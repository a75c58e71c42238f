// Module Federation runtime plugin, listed in every app's `runtimePlugins`. It runs before the
// share scope exists, so it must import nothing shared (no React, no kernel modules).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker the kernel's loader recognises to show "remote could not be loaded" with retry. */
export const REMOTE_LOAD_FAILED = 'sbo:remote-load-failed';

/** What a failed remote load rejects with: the remote's name and the runtime's error. */
export interface RemoteLoadFailure extends Error {
  code: typeof REMOTE_LOAD_FAILED;
  remoteId: string;
  lifecycle: string;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Turns every failed remote load into one rejected promise with a recognisable error, instead
 * of the runtime's mix of errors and logs. Only the `onLoad` lifecycle may answer: a value
 * returned at `afterResolve` would be taken as the manifest JSON (a 404 runs afterResolve,
 * then onLoad), and at `beforeLoadShare` it would be taken as a remote entry.
 */
export default function remoteLoadFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'sbo-remote-load-failure',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const failure = new Error(
        `Remote module ${args.id} could not be loaded: ${describe(args.error)}`,
      ) as RemoteLoadFailure;
      failure.code = REMOTE_LOAD_FAILED;
      failure.remoteId = String(args.id);
      failure.lifecycle = args.lifecycle;
      failure.cause = args.error;
      throw failure;
    },
  };
}
