import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { isSessionExpired } from '../lib/errors';
import { toast } from '../lib/toast';
import { Button } from './button';
import { Loading } from './loading';

interface BoundaryProps {
  onError: (error: unknown) => void;
  onReset: () => void;
  renderError: (error: unknown, retry: () => void) => ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.renderError(this.state.error, this.retry);
    return this.props.children;
  }
}

interface QueryBoundaryProps {
  /** The spec's load-error text: toasted, and shown in place of the data. */
  errorMessage: string;
  /** What to show instead of the default error notice (e.g. Home's 'User'). */
  errorFallback?: (retry: () => void) => ReactNode;
  /** Skip the toast (when the fallback itself is the message). */
  silent?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Suspense plus an error boundary around the part of a screen that shows loaded data, so a
 * failed load leaves the rest of the screen (its forms) usable, and offers a retry.
 */
export function QueryBoundary({
  errorMessage,
  errorFallback,
  silent,
  fallback,
  children,
}: QueryBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          onError={(error) => {
            if (!silent && !isSessionExpired(error)) toast.error(errorMessage);
          }}
          renderError={(error, retry) => {
            if (isSessionExpired(error)) return null;
            if (errorFallback) return errorFallback(retry);
            return (
              <div className="load-error" role="alert">
                <p>{errorMessage}</p>
                <Button
                  variant="secondary"
                  icon={<RotateCcw size={16} aria-hidden="true" />}
                  onClick={retry}
                >
                  Try again
                </Button>
              </div>
            );
          }}
        >
          <Suspense fallback={fallback ?? <Loading />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
