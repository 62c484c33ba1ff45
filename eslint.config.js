import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "build-*/", ".astro/", "node_modules/", "test-results/", "playwright-report/", ".reports/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Playwright reads a fixture's dependencies from its first parameter, which must be an
  // object pattern even when empty: `async ({}, use) => ...`.
  { files: ["tests/e2e/**/*.ts"], rules: { "no-empty-pattern": "off" } },
  // Hooks rules for the React code only: Playwright fixtures also call a function named `use`.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
