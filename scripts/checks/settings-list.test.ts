// @vitest-environment node
// The operator's lists stay complete: docs/configuration.md names every variable the
// configuration reads (and no other), and the README's scripts table every npm script.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../server/config";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** A process-internal flag, what systemd sets for socket activation and the checkout the supervisor names to its servers (releases/supervisor.ts): never set by an operator. */
const INTERNAL = new Set(["STAND_IN_WARNING_SHOWN", "LISTEN_PID", "LISTEN_FDS", "CHECKOUT_DIR"]);
/** Where the server, the releases and the build read the environment beside the schema. */
const READERS = ["server", "releases", "scripts/build"];
/** Files that read it given as `env` (shared/ is given the environment rather than reading it). */
const READER_FILES = ["astro.config.ts", "shared/build-dir.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((entry) => /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry))
    .map((entry) => join(dir, entry));
}

/** The variables read as `process.env.NAME` (or `env.NAME`) outside the schema. */
function readDirectly(): Set<string> {
  const names = new Set<string>();
  for (const file of [...READERS.flatMap(sourceFiles), ...READER_FILES]) {
    for (const match of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]!);
  }
  return names;
}

/** The backticked upper-case names in the first column of the page's tables. */
function listed(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split("\n")) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe("docs/configuration.md", () => {
  const variables = [...CONFIG_VARIABLES, ...readDirectly()].filter((name) => !INTERNAL.has(name));
  const documented = listed(read("docs/configuration.md"));

  it("names every variable the configuration reads", () => {
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("names no variable the configuration does not read", () => {
    expect([...documented].filter((name) => !variables.includes(name))).toEqual([]);
  });

  it("is the list the README points to", () => {
    expect(read("README.md")).toContain("(docs/configuration.md)");
  });
});

describe("the README's scripts table", () => {
  it("names every script in package.json", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: object }).scripts);
    const readme = read("README.md");
    const table = readme.slice(readme.indexOf("## Scripts"));
    const firstCells = [...table.matchAll(/^\|([^|]*)\|/gm)].map((match) => match[1]!).join(" ");
    const named = new Set([...firstCells.matchAll(/`npm (?:run )?([a-z0-9:-]+)`/g)].map((match) => match[1]));
    expect(scripts.filter((script) => !named.has(script))).toEqual([]);
  });
});
