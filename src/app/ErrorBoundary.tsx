/** Catches a page that failed to render or load (after the one reload for a missing chunk). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import PlainButton from '@/components/PlainButton';
import i18n from '@/lib/i18n';

interface Props {
  children: ReactNode;
  resetKey: string;
}

interface State {
  error: Error | null;
  key: string;
}

export default class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page-error" role="alert">
        <h2>{i18n.t('layout:pageError.title')}</h2>
        <p>{i18n.t('layout:pageError.text')}</p>
        <PlainButton variant="primary" onClick={() => window.location.reload()}>
          {i18n.t('layout:pageError.reload')}
        </PlainButton>
      </div>
    );
  }
}
