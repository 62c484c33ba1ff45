import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

describe("useHydrated", () => {
  it("is false in the first render and its immediate re-renders, then true a task later, for every reader", async () => {
    const first = renderHook(() => useHydrated());
    expect(first.result.current).toBe(false);
    first.rerender();
    expect(first.result.current).toBe(false);
    await waitFor(() => expect(first.result.current).toBe(true));
    // Once hydrated, a component mounted later knows it from its first render.
    expect(renderHook(() => useHydrated()).result.current).toBe(true);
  });
});
