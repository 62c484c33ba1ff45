// @vitest-environment node
// The layers' fences (eslint.config.js, docs/decisions/0021-words-as-content.md): each boundary
// refuses the import it is written for, linted as a file of that layer would be. A pattern that
// stops matching (as "#app/**" did, which the matcher read as a comment) fails here.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../tests/support/site-process";

const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** A file that does not exist, in `folder`: linted as the layer's own code. */
const newFileIn = (folder: string, extension = "ts") => `${folder}/a-new-file.${extension}`;

/** The rule that refused `specifier` in a file at `filePath`, or null when it passed. */
async function refusal(filePath: string, specifier: string): Promise<string | null> {
  const code = `import { thing } from "${specifier}";\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  const message = result!.messages.find((entry) => /no-restricted-imports/.test(entry.ruleId ?? ""));
  return message?.message ?? null;
}

describe("the layers' lint fences", () => {
  it.each([
    // One way to import app/.
    [newFileIn("server/http"), "~/lib/seo.ts"],
    [newFileIn("scripts/build"), "../../app/lib/seo.ts"],
    // shared/ is the bottom layer, and runs in the browser too.
    [newFileIn("shared"), "#app/lib/seo.ts"],
    [newFileIn("shared/invitation"), "../../server/config.ts"],
    [newFileIn("shared"), "../scripts/lib/free-port.ts"],
    [newFileIn("shared"), "../tests/support/words.ts"],
    [newFileIn("shared"), "node:fs"],
    ["shared/content/read.ts", "#app/lib/seo.ts"],
    // The pages never import the server, tooling, tests or Node's reader of content/.
    [newFileIn("app/lib"), "../../server/config.ts"],
    [newFileIn("app/features/roles", "tsx"), "../../../scripts/lib/free-port.ts"],
    [newFileIn("app/lib"), "../../tests/support/words.ts"],
    [newFileIn("app/lib"), "#shared/content/read.ts"],
    ["app/admin/page-data.ts", "../../server/config.ts"],
    // UI components read no words and import no features.
    [newFileIn("app/components/ui", "tsx"), "#app/lib/content.ts"],
    [newFileIn("app/components/ui", "tsx"), "#app/features/roles/role-views.tsx"],
    // The server imports nothing of app/, no tooling, no tests.
    [newFileIn("server"), "#app/lib/seo.ts"],
    [newFileIn("server/api"), "../../scripts/lib/free-port.ts"],
    [newFileIn("server/api"), "../../tests/support/words.ts"],
    // Nothing below imports the rooms above the server: releases/ runs it, hosting/ describes it.
    [newFileIn("server"), "../releases/supervisor.ts"],
    [newFileIn("server/http"), "../../hosting/nginx-config.ts"],
    [newFileIn("server/requests/stores"), "../../../releases/on-disk.ts"],
    [newFileIn("shared"), "../releases/on-disk.ts"],
    [newFileIn("shared"), "../hosting/nginx-config.ts"],
    [newFileIn("app/lib"), "../../releases/on-disk.ts"],
    [newFileIn("app/lib"), "../../hosting/static-host-headers.ts"],
    // releases/ builds on server/ and shared/ only.
    [newFileIn("releases"), "#app/lib/seo.ts"],
    [newFileIn("releases"), "../hosting/nginx-config.ts"],
    [newFileIn("releases"), "../scripts/lib/free-port.ts"],
    [newFileIn("releases"), "../tests/support/words.ts"],
    // hosting/ builds on the server's HTTP policy and shared/ only.
    [newFileIn("hosting"), "../server/requests/store.ts"],
    [newFileIn("hosting"), "../server/main.ts"],
    [newFileIn("hosting"), "../releases/on-disk.ts"],
    [newFileIn("hosting"), "#app/lib/seo.ts"],
    [newFileIn("hosting"), "../scripts/lib/free-port.ts"],
    // The request side's parts depend one way.
    [newFileIn("server/requests/stores"), "../outbox/delivery-loop.ts"],
    [newFileIn("server/requests/stores"), "../../notifications/worker.ts"],
    [newFileIn("server/requests/outbox"), "../hubspot/relay.ts"],
    // The query engine builds on nothing of the server's.
    [newFileIn("server/database"), "../requests/store.ts"],
    [newFileIn("server/database"), "../search/push-outbox.ts"],
  ])("%s may not import %s", async (filePath, specifier) => {
    expect(await refusal(filePath, specifier)).not.toBeNull();
  });

  it.each([
    [newFileIn("server/http"), "#shared/routes.ts"],
    [newFileIn("app/lib"), "#app/lib/seo.ts"],
    ["shared/content/read.ts", "node:fs"],
    ["app/admin/page-data.ts", "#shared/content/read.ts"],
    [newFileIn("server/notifications"), "../requests/outbox/delivery-loop.ts"],
    [newFileIn("server/database"), "./schema.ts"],
    [newFileIn("server/search"), "../database/engine.ts"],
    [newFileIn("releases"), "../server/supervision.ts"],
    [newFileIn("releases"), "../server/main.ts"],
    [newFileIn("releases"), "#shared/build-dir.ts"],
    [newFileIn("hosting"), "../server/http/csp.ts"],
    [newFileIn("hosting"), "#shared/routes.ts"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await refusal(filePath, specifier)).toBeNull();
  });
});
