// Catches a render error in what it wraps, so one broken page (or a hostile input it chokes on)
// never blanks the app: it says what failed, as text, with a way back. `resetKey` (the route)
// clears the error when the user goes elsewhere.
import { Component, type ReactNode } from 'react';
import { navigate } from '../../state/router';

interface Props {
  /** What this boundary wraps, for the message ("the trajectory page"). */
  what: string;
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string | undefined;
}

/** The first lines of an error's message: enough to report, never a wall of text. */
function brief(error: Error): string {
  const text = `${error.name}: ${error.message}`;
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(`Hopscope: ${this.props.what} failed to render`, error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-boundary" role="alert">
        <h2>Something went wrong showing {this.props.what}.</h2>
        <p>Your data is safe: nothing was deleted or changed. The error was:</p>
        <pre className="error-boundary-message">{brief(error)}</pre>
        <div className="row">
          <button type="button" onClick={() => navigate({ page: 'trajectories' })}>
            Back to the trajectories
          </button>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button type="button" onClick={() => location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
