import { Component, type ReactNode } from 'react';

interface PartBoundaryProps {
  /** what this part is, for the issue log ('outage-alert') */
  name: string;
  /** told once when the part fails to render (the app logs it) */
  onError: (name: string, error: unknown) => void;
  children: ReactNode;
}

/**
 * One part of a page (a home section, a banner) that fails to render goes away on its own instead of
 * replacing the whole page with the error view; the failure is reported once. Formatting never throws, so
 * this is the last line of defence, not the plan: the response fuzz fails on any 'render' record it sees.
 */
export class PartBoundary extends Component<PartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(this.props.name, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
