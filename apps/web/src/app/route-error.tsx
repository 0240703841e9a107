import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

interface Props { children: ReactNode }
interface State { failed: boolean }

/**
 * A page that throws while rendering (or whose code cannot be downloaded, say after a new release)
 * shows this instead of a blank screen; the layout remounts it on the next navigation.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container py-5 text-center">
        <h1 className="h3"><Trans>Something went wrong</Trans></h1>
        <p className="text-body-secondary"><Trans>Please reload the page or try again later.</Trans></p>
        {/* A plain link: a full load also fetches a new release's code. */}
        <a href="/" className="btn btn-primary"><Trans>Go to the home page</Trans></a>
      </div>
    );
  }
}
