import { defineConfig } from "vitest/config";

// The server tests (tests/server): the stores, the API and the fault tests against the
// real server in child processes, on SQLite and on a throw-away PostgreSQL cluster
// (started once for the run, stopped at its end). Two files at a time: most of a file's
// time is spent waiting on its servers (start-up, retries, polls, shutdowns), so two
// side by side keep both cores busy (198 s one at a time here, 125 s two at a time).
export default defineConfig({
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
