import { defineConfig } from "vitest/config";

// The server tests (tests/server): the stores, the API and the fault tests against the
// real server in child processes, on SQLite and on a throw-away PostgreSQL cluster
// (started once for the run, stopped at its end). Four files at a time on two cores: most
// of a file's time is spent waiting on its servers (start-up, retries, polls, shutdowns)
// (the whole of it 168 s two at a time here, 129 to 141 s three at a time on 2026-11-26;
// on 2026-11-28, with the files since, 157 s three at a time, 136 s four at a time).
export default defineConfig({
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/postgres-global-setup.ts"],
    maxWorkers: 4,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
