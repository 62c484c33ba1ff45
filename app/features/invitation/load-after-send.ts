import { lazy } from "react";
import type * as AfterSendModule from "./after-send";

type AfterSend = typeof AfterSendModule;

let loading: Promise<AfterSend> | null = null;

/**
 * Loads ./after-send.ts once: warmed when the visitor first focuses the form, awaited when
 * they press Send. A failed load is forgotten, so the next Send tries again.
 */
export function loadAfterSend(): Promise<AfterSend> {
  loading ??= import("./after-send").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The confirmation and the confetti, drawn only after a send, from the same chunk. */
export const LazyConfirmationNotice = lazy(() =>
  loadAfterSend().then((module) => ({ default: module.ConfirmationNotice })),
);
export const LazyConfetti = lazy(() => loadAfterSend().then((module) => ({ default: module.Confetti })));
