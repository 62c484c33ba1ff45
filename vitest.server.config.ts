import { defineConfig } from "vitest/config";

// The server tests (tests/server): the API, the relay and the fault tests against the
// real server in child processes. One file at a time: each starts servers of its own,
// and the machine's cores are better spent on them than on running files side by side.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
