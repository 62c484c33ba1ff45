import { defineConfig } from "vitest/config";
import { parseConfig } from "./app/config/schema.ts";
import { buildYear } from "./server/build-stamp.ts";

// Unit tests run against the default configuration, as a fresh checkout builds.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __SITE_CONFIG__: JSON.stringify(parseConfig({}).site), __BUILD_YEAR__: String(buildYear()) },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "happy-dom",
    setupFiles: ["./tests/unit-setup.ts"],
    restoreMocks: true,
  },
});
