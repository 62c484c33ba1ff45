// @vitest-environment node
// The layers' fences (eslint.config.js, docs/decisions/0021-words-as-content.md): each boundary
// refuses the import it is written for, linted as a file of that layer would be. A pattern that
// stops matching (as "#app/**" did, which the matcher read as a comment) fails here.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../tests/support/site-process";

const eslint = new ESLint({ cwd: PROJECT_ROOT });

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
    ["server/http/example.ts", "~/lib/seo.ts"],
    ["scripts/build/example.ts", "../../app/lib/seo.ts"],
    // shared/ is the bottom layer, and runs in the browser too.
    ["shared/example.ts", "#app/lib/seo.ts"],
    ["shared/invitation/example.ts", "../../server/config.ts"],
    ["shared/example.ts", "../scripts/lib/free-port.ts"],
    ["shared/example.ts", "../tests/support/words.ts"],
    ["shared/example.ts", "node:fs"],
    ["shared/content/read.ts", "#app/lib/seo.ts"],
    // The pages never import the server, tooling, tests or Node's reader of content/.
    ["app/lib/example.ts", "../../server/config.ts"],
    ["app/features/roles/example.tsx", "../../../scripts/lib/free-port.ts"],
    ["app/lib/example.ts", "../../tests/support/words.ts"],
    ["app/lib/example.ts", "#shared/content/read.ts"],
    ["app/admin/page-data.ts", "../../server/config.ts"],
    // UI components read no words and import no features.
    ["app/components/ui/example.tsx", "#app/lib/content.ts"],
    ["app/components/ui/example.tsx", "#app/features/roles/role-views.tsx"],
    // The server imports nothing of app/, no tooling, no tests.
    ["server/example.ts", "#app/lib/seo.ts"],
    ["server/api/example.ts", "../../scripts/lib/free-port.ts"],
    ["server/api/example.ts", "../../tests/support/words.ts"],
    // The request side's parts depend one way.
    ["server/requests/stores/example.ts", "../outbox/delivery-loop.ts"],
    ["server/requests/stores/example.ts", "../../notifications/worker.ts"],
    ["server/requests/outbox/example.ts", "../hubspot/relay.ts"],
  ])("%s may not import %s", async (filePath, specifier) => {
    expect(await refusal(filePath, specifier)).not.toBeNull();
  });

  it.each([
    ["server/http/example.ts", "#shared/routes.ts"],
    ["app/lib/example.ts", "#app/lib/seo.ts"],
    ["shared/content/read.ts", "node:fs"],
    ["app/admin/page-data.ts", "#shared/content/read.ts"],
    ["server/notifications/example.ts", "../requests/outbox/delivery-loop.ts"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await refusal(filePath, specifier)).toBeNull();
  });
});
