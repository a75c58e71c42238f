import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteErrorBoundary } from './remote-error-boundary.js';
import { loadRemoteModule } from './remote-loader.js';

export interface RemoteSlotProps<P extends object> {
  /** `remote/exposed`, e.g. 'finance/StudentFinanceTab'. */
  name: string;
  /** Props for the widget. */
  props?: P;
  /** Shown while loading (default nothing) and, unless `errorFallback` is set, on failure. */
  fallback?: ReactNode;
  /** Shown when the widget cannot be loaded or throws. */
  errorFallback?: ReactNode;
  /** Which export of the module is the component (default: `default`). */
  exportName?: string;
}

type LoadState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed' };

/**
 * Shows a widget another remote exposes, loaded at run time through the federation runtime,
 * with a fallback while it loads and when it fails (remotes never import each other).
 *
 * @example
 * <RemoteSlot name="finance/IncomeChart" props={{ year: 2026 }} fallback={<Spinner />} />
 */
export function RemoteSlot<P extends object>({
  name, props, fallback = null, errorFallback, exportName = 'default',
}: RemoteSlotProps<P>) {
  const [state, setState] = useState<LoadState<P>>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    const slash = name.indexOf('/');
    const remote = name.slice(0, slash);
    const exposed = name.slice(slash + 1);
    loadRemoteModule<Record<string, unknown>>(remote, exposed).then(
      (module) => {
        const Component = module[exportName] as ComponentType<P> | undefined;
        if (!active) return;
        setState(typeof Component === 'function' || typeof Component === 'object'
          ? { status: 'ready', Component: Component as ComponentType<P> }
          : { status: 'failed' });
      },
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [name, exportName]);

  const failed = errorFallback ?? fallback;
  if (state.status === 'loading') return <>{fallback}</>;
  if (state.status === 'failed') return <>{failed}</>;
  const { Component } = state;
  return (
    <RemoteErrorBoundary fallback={() => failed}>
      <Suspense fallback={fallback}>
        <Component {...(props ?? ({} as P))} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The small "Build …" line under a remote's area, with the remote's own build id (the
 * `buildId` its './routes' module exports), so a redeployed remote can be told apart.
 */
export function RemoteBuildInfo({ buildId, className }: { buildId: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p className={className} data-build-id={buildId} style={{ fontSize: 'var(--sbo-font-size-xs)', color: 'var(--sbo-color-text-muted)' }}>
      {t('app.build', { id: buildId })}
    </p>
  );
}
