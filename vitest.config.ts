import { defineConfig } from "vitest/config";
import { parseConfig } from "./app/config/schema.ts";

// Unit tests run against the default configuration, as a fresh checkout builds.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __SITE_CONFIG__: JSON.stringify(parseConfig({}).site) },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./tests/unit-setup.ts"],
    restoreMocks: true,
  },
});
