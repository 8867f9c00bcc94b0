import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** False while the device is offline: back online, a screen that failed is tried again. */
  online: boolean;
  /** Makes the failed screen loadable again (a lazy page keeps its failure otherwise). */
  onRetry(): void;
  message: string;
  retryText: string;
}

/**
 * A screen whose code could not load (never opened before, and the network cut) says so with a way to try
 * again, in place of an empty app; it is tried again by itself when the device is back online.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && this.props.online && !previous.online) this.retry();
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="screen-failed" role="alert">
        <p>{this.props.message}</p>
        <button type="button" className="screen-failed__retry" onClick={this.retry}>
          {this.props.retryText}
        </button>
      </div>
    );
  }
}
