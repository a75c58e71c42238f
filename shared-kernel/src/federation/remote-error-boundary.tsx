import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface RemoteErrorBoundaryProps {
  /** What to show instead of the failed children; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Changing this value resets a caught error (e.g. a new location). */
  resetKey?: unknown;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches errors thrown while rendering a remote's part, so one broken area does not take the
 * shell down.
 *
 * @example
 * <RemoteErrorBoundary fallback={(e, reset) => <ErrorPanel code={1} onRetry={reset} />}>
 *   <FinanceRoutes />
 * </RemoteErrorBoundary>
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: RemoteErrorBoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, failed: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A remote area failed while rendering', error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
