import { useEffect, useState, type ComponentType } from 'react';
import { ErrorPanel, Spinner } from 'shared-kernel';
import type { OnDemand } from './on-demand.js';
import styles from './app.module.css';

type LoadState = { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'failed' };

/**
 * Renders a screen loaded on demand: a spinner meanwhile; if the chunk cannot be loaded
 * (network, a deploy replaced it) the communication error with a retry.
 */
export function OnDemandScreen({ screen }: { screen: OnDemand<ComponentType> }) {
  const [state, setState] = useState<LoadState>(() => {
    const Screen = screen.loaded();
    return Screen ? { status: 'ready', Screen } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    screen.load().then(
      (Screen) => {
        if (active) setState((prev) => (prev.status === 'ready' && prev.Screen === Screen ? prev : { status: 'ready', Screen }));
      },
      (error: unknown) => {
        console.error(error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [screen, attempt]);

  if (state.status === 'ready') return <state.Screen />;
  if (state.status === 'failed') {
    return (
      <main className={styles.centered}>
        <ErrorPanel
          code={1}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      </main>
    );
  }
  return <div className={styles.centered}><Spinner showLabel /></div>;
}
