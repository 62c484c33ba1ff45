import { cleanup } from "@testing-library/react";
import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

// A unit test fails on any console.error it did not expect: React's warnings (keys,
// act, hydration) and the app's own error logs arrive there. A test that expects one
// replaces this with its own `vi.spyOn(console, "error").mockImplementation(...)`.
const unexpectedErrors: string[] = [];

beforeEach(() => {
  unexpectedErrors.length = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpectedErrors.join("\n---\n")}`);
  }
});
