import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen, type ErrorWords } from "./error-screen";

export type { ErrorWords } from "./error-screen";

/** The specification's router error screen, for an error inside the island: its message, or a response's status. */
export class IslandErrorBoundary extends Component<{ children: ReactNode; words: ErrorWords }, { error: unknown }> {
  state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <ErrorScreen detail={errorDetail(error)} words={this.props.words} />;
  }
}

/** What the error screen shows: a response's status and text, an error's message, or the value. */
export function errorDetail(error: unknown): string {
  if (error instanceof Response) return `${error.status} ${error.statusText}`.trim();
  return error instanceof Error ? error.message : String(error);
}
