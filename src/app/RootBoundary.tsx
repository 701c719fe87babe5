import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StartupError } from './StartupError';

interface State {
  error: unknown;
  failed: boolean;
}

/** The last line: an error no region caught shows the start-up error screen, never a blank page. */
export class RootBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Taskdeck failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <StartupError error={this.state.error} /> : this.props.children;
  }
}
