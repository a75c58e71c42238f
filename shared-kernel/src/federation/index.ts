export {
  REMOTE_NAMES, initRemotes, registerRemoteRegistry, loadRemoteModule, preloadRemote, retryRemote,
  isRemoteLoadFailure, setFederationRuntime,
  type RemoteName, type RemoteRegistry, type RemoteRoutesModule, type FederationRuntime,
} from './remote-loader.js';
export { RemoteSlot, RemoteBuildInfo, type RemoteSlotProps } from './remote-slot.js';
export { RemoteErrorBoundary, type RemoteErrorBoundaryProps } from './remote-error-boundary.js';
export { REMOTE_LOAD_FAILED, type RemoteLoadFailure } from './runtime-plugin.js';
