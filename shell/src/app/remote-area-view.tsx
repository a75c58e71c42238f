import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import {
  ErrorPanel, RemoteBuildInfo, RemoteErrorBoundary, Spinner, isRemoteLoadFailure, loadRemoteModule, retryRemote,
  type RemoteName, type RemoteRoutesModule,
} from 'shared-kernel';
import styles from './remote-area-view.module.css';

type AreaState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType; buildId?: string }
  | { status: 'failed'; code: number };

/**
 * One remote's routes under its prefix: loaded on first navigation, rendered inside an error
 * boundary and Suspense. A failure shows the error panel with retry in this area only; retry
 * loads the remote again without a page reload.
 */
export function RemoteAreaView({ remote, prefix }: { remote: RemoteName; prefix: string }) {
  const [state, setState] = useState<AreaState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loadRemoteModule<RemoteRoutesModule>(remote, 'routes').then(
      (module) => {
        if (!active) return;
        const Component = module.routes?.[prefix];
        if (Component) setState({ status: 'ready', Component, buildId: module.buildId });
        else {
          console.error(`Remote ${remote} serves no routes for ${prefix}`);
          setState({ status: 'failed', code: 3 });
        }
      },
      (error: unknown) => {
        if (!active) return;
        console.error(error);
        setState({ status: 'failed', code: isRemoteLoadFailure(error) ? 1 : 3 });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, prefix, attempt]);

  const reload = useCallback(() => {
    retryRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  if (state.status === 'loading') {
    return <div className={styles.loading}><Spinner showLabel /></div>;
  }
  if (state.status === 'failed') {
    return <ErrorPanel code={state.code} title="errors.remote_unavailable" onRetry={reload} />;
  }
  const { Component, buildId } = state;
  return (
    <RemoteErrorBoundary
      resetKey={`${attempt}:${location.pathname}`}
      fallback={(_error, reset) => (
        <ErrorPanel
          code={3}
          title="errors.remote_unavailable"
          onRetry={() => {
            reset();
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<div className={styles.loading}><Spinner showLabel /></div>}>
        <Component />
      </Suspense>
      {buildId && (
        <footer>
          <RemoteBuildInfo buildId={buildId} />
        </footer>
      )}
    </RemoteErrorBoundary>
  );
}
