// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { deadCitedPaths } from "./cited-paths";

const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("paths cited in the docs and comments", () => {
  it("all exist in this repository", () => {
    const dead = deadCitedPaths(repositoryRoot).map(({ file, line, cited }) => `${file}:${line} cites ${cited}`);
    expect(dead).toEqual([]);
  });
});

describe("deadCitedPaths", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function repository(files: Record<string, string>) {
    root = mkdtempSync(join(tmpdir(), "cited-paths-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  }

  it("reports a Markdown link, a backticked path and a comment's path that point at nothing", () => {
    repository({
      "README.md": "See [the checks](docs/checks.md) and `server/gone.ts`.\n",
      "app/lib/seo.ts": "// Built from the list in components/layout/nav.ts, see docs/decisions/0002.\n",
    });
    expect(deadCitedPaths(root).map(({ file, cited }) => `${file}: ${cited}`)).toEqual([
      "README.md: docs/checks.md",
      "README.md: server/gone.ts",
      "app/lib/seo.ts: components/layout/nav.ts",
      "app/lib/seo.ts: docs/decisions/0002",
    ]);
  });

  it("accepts files, folders, specifiers without extension, decisions by number, patterns and build outputs", () => {
    repository({
      "docs/checks.md": "Run `tests/e2e/server-*.spec.ts`; nginx reads `deploy/nginx.conf`; [up](../README.md).\n",
      "docs/decisions/0002-inline-css.md": "# 2\n",
      "README.md":
        "The layout: `app/lib/`, ~/lib/seo, [decision 2](docs/decisions/0002-inline-css.md), docs/decisions/0002.\n",
      "app/lib/seo.ts": 'import { x } from "#app/lib/seo.ts";\n',
    });
    expect(deadCitedPaths(root)).toEqual([]);
  });
});
