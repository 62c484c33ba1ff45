import { defineConfig } from "vitest/config";

// The server tests (tests/server): the stores, the API and the fault tests against the
// real server in child processes, on SQLite and on a throw-away PostgreSQL cluster
// (started once for the run, stopped at its end). One file at a time: each starts
// servers of its own, and the machine's cores are better spent on them than on
// running files side by side.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
