import { Component, type ErrorInfo, type ReactNode } from 'react';
import './region.css';

interface Props {
  /** Names what failed, in the message. */
  label: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps one broken region from blanking the page: shows what failed and lets the user try again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} failed to render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="region-error" role="alert">
        <p>
          {this.props.label} could not be shown: <span className="mono">{this.state.error.message}</span>
        </p>
        <button type="button" className="button small" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
