import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER_IMPORTS_NO_UI = {
  group: [
    "~/features/**",
    "~/components/**",
    "#app/features/**",
    "#app/components/**",
    "**/app/features/**",
    "**/app/components/**",
    "**/scripts/**",
  ],
  message:
    "The server imports no UI and no tooling: what an invitation request is lives in shared/invitation/ (shared with the island, imported as #shared/...); scripts/ is for builds, checks and benches.",
};

/** The request side's folders (and the server's notifications, commands and API) a part must not import. */
const requestPartImports = (parts, who) => ({
  group: [...parts.map((part) => `**/${part}/**`), "**/notifications/**", "**/commands/**", "**/api/**"],
  message: `${who} import nothing built on them: the parts of server/requests/ depend one way (server/requests/README.md).`,
});

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
  // Content is a leaf: plain typed data. It names site facts as tokens and leaves the
  // rendering code, the configuration and the features to import it, never the reverse.
  {
    files: ["app/content/**/*.ts"],
    ignores: ["app/content/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/features/**",
                "~/components/**",
                "~/config/**",
                "../features/**",
                "../components/**",
                "../config/**",
              ],
              message:
                "Content imports nothing from features, components or config: apply site facts where it is rendered (lib/site-facts.ts).",
            },
          ],
        },
      ],
    },
  },
  // UI components are copy-free and feature-free: their words come in through props.
  {
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/content/**", "../../content/**"],
              allowTypeImports: true,
              message: "UI components import no copy (types only): pass the words in as props.",
            },
            {
              group: ["~/features/**", "../../features/**"],
              message: "UI components import no features: put the component in features/ instead.",
            },
          ],
        },
      ],
    },
  },
  // What the pages and the server share (shared/: the invitation domain, the validators of
  // both configurations, the text helpers) stands on the copy alone: no UI, no server, no
  // tooling, no Node API, so the island and the server can both load it.
  {
    files: ["shared/**/*.ts"],
    ignores: ["shared/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/**",
                "#app/features/**",
                "#app/components/**",
                "#app/lib/**",
                "**/server/**",
                "**/scripts/**",
                "node:*",
              ],
              message:
                "shared/ imports only other shared modules, the copy (#app/content/) and the configuration's types (#app/config/): the island and the server both load it.",
            },
          ],
        },
      ],
    },
  },
  // The server shares the invitation domain with the island (shared/invitation/), never a UI folder.
  {
    files: ["server/**/*.ts"],
    // A test may check the server against the page (the CSP against the embed the page loads).
    ignores: ["server/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_IMPORTS_NO_UI] }] },
  },
  // The request side's parts (server/requests/README.md) depend one way: the stores know no
  // worker, and the delivery loop knows no sender; the relay, the notifications and the daily
  // jobs are built on them.
  {
    files: ["server/requests/stores/**/*.ts"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [SERVER_IMPORTS_NO_UI, requestPartImports(["outbox", "hubspot", "daily"], "The stores")] },
      ],
    },
  },
  {
    files: ["server/requests/outbox/**/*.ts"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [SERVER_IMPORTS_NO_UI, requestPartImports(["hubspot", "daily"], "The delivery loop")] },
      ],
    },
  },
  // Playwright reads a fixture's dependencies from its first parameter, which must be an
  // object pattern even when empty: `async ({}, use) => ...`.
  { files: ["tests/support/browser/**/*.ts"], rules: { "no-empty-pattern": "off" } },
  // Hooks rules for the React code only: Playwright fixtures also call a function named `use`.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
