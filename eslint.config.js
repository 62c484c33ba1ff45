import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * A pattern of package.json's `#` aliases as no-restricted-imports reads it: its patterns are
 * .gitignore lines (the `ignore` package), where a line starting with `#` is a comment that
 * matches nothing, so the `#` is escaped (scripts/checks/lint-fences.test.ts lints each fence).
 */
const alias = (pattern) => `\\${pattern}`;

/** One way to import app/: `#app/<path with its extension>` (package.json "imports"), as tests and scripts do too. */
const ONE_ALIAS = {
  group: ["~/**", "**/app/**"],
  message:
    'Import app/ as "#app/<path>.<ext>" (package.json "imports"): no "~/" alias, no relative path into app/ from outside it.',
};

/** The rooms above the server: releases/ runs it (update, rollback, the supervisor), hosting/ describes other hosts from its policy. */
const ROOMS_ABOVE = ["**/releases/**", "**/hosting/**"];

/** shared/ is the bottom layer: both of its blocks below (a rule's options are replaced, not merged). */
const SHARED_IS_THE_BOTTOM = {
  group: [alias("#app/**"), "**/server/**", "**/scripts/**", "**/tests/**", ...ROOMS_ABOVE],
  message: "shared/ imports nothing of app/, server/, releases/, hosting/, scripts/ or tests/: they build on it.",
};

const PAGES_IMPORT_NO_SERVER = {
  group: ["**/server/**", "**/scripts/**", "**/tests/**", ...ROOMS_ABOVE],
  message:
    "The pages import no server, no release machinery or host configuration, no tooling and no tests: they build on shared/, as the server does.",
};
const NODE_READER =
  "The pages do not read content/ with Node's reader: read words with app/lib/content.ts (astro:content) and pass them as props.";

const SERVER_IMPORTS_NO_UI = {
  group: [alias("#app/**"), "**/scripts/**", "**/tests/**"],
  message:
    "The server imports nothing of app/, no tooling and no tests: it builds on shared/ (the invitation domain, the content schemas and their reader, the routes), as the pages do; scripts/ is for builds, checks and benches.",
};

const SERVER_IMPORTS_NOTHING_ABOVE = {
  group: ROOMS_ABOVE,
  message:
    "The server imports nothing of releases/ or hosting/: they run it and describe it. What a supervisor and its server share is on the server's side (server/supervision.ts), and releases/ imports it.",
};

/** releases/ runs the server: it builds on server/ and shared/. */
const RELEASES_IMPORTS = {
  group: [alias("#app/**"), "**/scripts/**", "**/tests/**", "**/hosting/**"],
  message:
    "releases/ runs the server: it imports server/ and shared/, never the pages, hosting/, tooling or tests (releases/README.md).",
};

const HOSTING_MESSAGE =
  "hosting/ builds on the server's HTTP policy (server/http/) and shared/ only: nothing else of server/, no releases/, pages, tooling or tests (hosting/README.md).";
/** hosting/ writes other hosts' configurations from the server's HTTP policy. */
const HOSTING_IMPORTS = {
  group: [alias("#app/**"), "**/scripts/**", "**/tests/**", "**/releases/**"],
  message: HOSTING_MESSAGE,
};
/** server/ but its http/ folder: a regular expression, as a .gitignore line cannot take back a file of a folder it excludes. */
const HOSTING_READS_ONLY_SERVER_HTTP = { regex: "(^|/)server/(?!http/)", message: HOSTING_MESSAGE };

const SERVER_FENCE = [SERVER_IMPORTS_NO_UI, SERVER_IMPORTS_NOTHING_ABOVE];

/** The fence of a folder's code, `<folder>/**` but its tests (which may reach further): one alias for app/, and none of `patterns`. */
const fence = (folder, patterns) => ({
  files: [`${folder}/**/*.ts`],
  ignores: [`${folder.split("/")[0]}/**/*.test.ts`],
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [ONE_ALIAS, ...patterns] }] },
});

/** The request side's folders (and the server's notifications, commands and API) a part must not import. */
const requestPartImports = (parts, who) => ({
  group: [...parts.map((part) => `**/${part}/**`), "**/notifications/**", "**/commands/**", "**/api/**"],
  message: `${who} import nothing built on them: the parts of server/requests/ depend one way (server/requests/README.md).`,
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".astro/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      ".reports/",
      ".scratch/",
      // DATA_DIR's default: the database, and the releases `npm run update` builds (whole copies of the code).
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [ONE_ALIAS] }],
    },
  },
  // The pages build on shared/ and never on the server; shared/content/read.ts is Node's
  // reader of content/ (the server's, the checks'): the pages read the same files through astro:content.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ONE_ALIAS,
            PAGES_IMPORT_NO_SERVER,
            { group: [alias("#shared/content/read.ts")], message: NODE_READER },
          ],
        },
      ],
    },
  },
  // Four files of app/ run in Node only and read content/ with its reader: the tests' words for
  // the island, the editor page's data (written into its HTML at build time), the collections'
  // check and the development server's notice of a refused file.
  {
    files: [
      "app/features/invitation/with-request-words.tsx",
      "app/admin/page-data.ts",
      "app/content.config.ts",
      "app/admin/content-notice.ts",
    ],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [ONE_ALIAS, PAGES_IMPORT_NO_SERVER] }] },
  },
  // UI components are copy-free and feature-free: their words come in through props.
  {
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ONE_ALIAS,
            {
              group: [alias("#app/lib/content.ts"), alias("#shared/content/read.ts")],
              message: "UI components read no words: pass them in as props.",
            },
            {
              group: [alias("#app/features/**"), "../../features/**"],
              message: "UI components import no features: put the component in features/ instead.",
            },
          ],
        },
      ],
    },
  },
  // shared/ is the bottom layer (docs/decisions/0021-words-as-content.md): the content schemas, the
  // invitation domain, the settings' validators, the routes, the text helpers. It imports nothing
  // of app/ or server/, and no Node API but in its reader of content/, so the island loads it too.
  {
    files: ["shared/**/*.ts"],
    ignores: ["shared/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ONE_ALIAS,
            SHARED_IS_THE_BOTTOM,
            {
              group: ["node:*"],
              message:
                "shared/ runs in the browser too: Node's APIs only in shared/content/read.ts, the reader of content/ for the server and the checks.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["shared/content/read.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [ONE_ALIAS, SHARED_IS_THE_BOTTOM],
        },
      ],
    },
  },
  // The server shares the invitation domain with the island (shared/invitation/), never a UI
  // folder. A test may check the server against the page (the CSP against the embed the page loads).
  fence("server", SERVER_FENCE),
  // The rooms above the server, each with its own fence.
  fence("releases", [RELEASES_IMPORTS]),
  fence("hosting", [HOSTING_IMPORTS, HOSTING_READS_ONLY_SERVER_HTTP]),
  // The request side's parts (server/requests/README.md) depend one way: the stores know no
  // worker, and the delivery loop knows no sender; the relay, the notifications and the daily
  // jobs are built on them.
  fence("server/requests/stores", [...SERVER_FENCE, requestPartImports(["outbox", "hubspot", "daily"], "The stores")]),
  fence("server/requests/outbox", [...SERVER_FENCE, requestPartImports(["hubspot", "daily"], "The delivery loop")]),
  // The one query set's engine and schema (server/database/) are built on by the stores, the pushes and
  // the editor's sessions, and import none of the server's other folders.
  fence("server/database", [
    ...SERVER_FENCE,
    {
      group: ["../*/**", "../../**"],
      message:
        "server/database/ (the query engine and the schema's types) imports no other server folder: the stores build on it (server/database/README.md).",
    },
  ]),
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
