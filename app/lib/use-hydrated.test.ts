import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

describe("useHydrated", () => {
  it("is false in the first render and its immediate re-renders, then true a task later, for every reader", async () => {
    // A fresh module: the signal is page-wide, and other test files share this worker's modules.
    vi.resetModules();
    const { useHydrated } = await import("./use-hydrated");
    const first = renderHook(() => useHydrated());
    expect(first.result.current).toBe(false);
    first.rerender();
    expect(first.result.current).toBe(false);
    await waitFor(() => expect(first.result.current).toBe(true));
    // Once hydrated, a component mounted later knows it from its first render.
    expect(renderHook(() => useHydrated()).result.current).toBe(true);
  });
});
