// The README's path as a newcomer takes it: `npm start` from a shell's PATH (the machine's
// own Node first, which may be older than 24) with no site variables, on a port of its own, and the site's own form sent from the address it prints and from the other
// loopback name. Both requests are answered as stored and are in the team's export
// (docs/product.md#configuration: with SITE_URL on a loopback host, every loopback origin is the site's own).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "../support/browser/fixtures";
import { asLongAsAPerson, uniqueEmail } from "../support/browser/stored-requests";
import { PROJECT_ROOT, runRequestsCommand, servingUrl } from "../support/site-process";
import { requestWords as copy } from "../support/words";
import { ownFormFields } from "../support/words";
import type { ExportedRequest } from "../../server/requests/export";
import { freePort } from "../../scripts/lib/free-port";
import { REQUIRED_NODE_MAJOR } from "../../server/node-runtime";
import { pages } from "../support/words";

test("the own form sends from the address `npm start` prints, and from localhost", async ({ page }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  // Its own request database: the repository's data/ may be held by a developer's `npm start`.
  const dataDir = mkdtempSync(join(tmpdir(), "ta-network-fresh-"));
  // What a fresh checkout's shell has: no SITE_URL, no ALLOWED_ORIGINS, no HubSpot ids, and
  // no node_modules/.bin on the PATH (npm adds it, as this test runs under npm).
  const shellPath = (process.env.PATH ?? "")
    .split(":")
    .filter((entry) => !entry.includes("node_modules"))
    .join(":");
  const env = { PATH: shellPath, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir };
  // Its own process group, so the signal at the end reaches the server under npm.
  const server = spawn("npm", ["start"], {
    cwd: PROJECT_ROOT,
    env: { ...env, ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}) },
    stdio: "pipe",
    detached: true,
  });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const formNote = "The request form sends from this address.";
    await expect.poll(() => output, { timeout: 90_000 }).toContain(formNote);
    expect(output).toContain("Serving the production build at ");
    const printed = servingUrl(output);
    expect(printed).toBe(`http://127.0.0.1:${port}`);
    expect(output).toContain(`(Node.js ${REQUIRED_NODE_MAJOR}.`);

    const sent: string[] = [];
    for (const origin of [printed!, `http://localhost:${port}`]) {
      const email = uniqueEmail("fresh-checkout");
      await page.goto(`${origin}${pages.requestInvitation.path}`);
      const form = page.getByRole("form", { name: copy.ownForm.forms.candidate.name });
      const typed: Record<string, string> = {
        firstname: "Ada",
        lastname: "Lovelace",
        email,
        jobtitle: "VP, Talent Acquisition",
        company: "Analytical Engines",
      };
      for (const field of ownFormFields("candidate").filter((candidate) => candidate.name in typed)) {
        await form.getByLabel(field.label, { exact: false }).first().fill(typed[field.name]!);
      }
      await asLongAsAPerson(page);
      await form.getByRole("button", { name: copy.ownForm.forms.candidate.submit }).click();
      await expect(page.getByRole("status", { name: copy.confirmation.title })).toBeVisible();
      sent.push(email);
    }

    const { stdout, code, stderr } = await runRequestsCommand(["export", "--format", "json"], { DATA_DIR: dataDir });
    expect(code, stderr).toBe(0);
    const exported = JSON.parse(stdout) as ExportedRequest[];
    expect(exported.map((request) => request.fields.email)).toEqual(sent);
    expect(output).not.toContain("refused a post");
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((resolveExit) => server.once("exit", resolveExit));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
