import { Button, NonIdealState } from '@blueprintjs/core';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/use-error-text';

interface Props {
  /** Shows the error as a red snackbar. */
  onError: (error: unknown) => void;
  /** Changing this key (e.g. the path) clears the error. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (
    <NonIdealState
      icon="error"
      title={t('app.unexpectedError')}
      description={errorOf(error)}
      action={<Button icon="refresh" text={t('app.retry')} onClick={onRetry} />}
    />
  );
}

/** Component errors become a red snackbar and a fallback in place of the broken part. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    this.props.onError(error);
  }

  override render(): ReactNode {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
