// The marketing team edits the words in a browser (docs/decisions/0022-git-based-editor.md), as
// `npm run edit` offers it: the editor at /admin on the development server, saving through its
// local backend into content/. Here on a copy of content/ (CONTENT_ROOT), never the checkout's.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser/fixtures";
import { missionWords } from "../support/words";
import { freePort } from "../../scripts/lib/free-port";

const NEW_TITLE = "Three promises behind every introduction";
const STARTUP_TIMEOUT_MS = 120_000;

test.describe.configure({ mode: "serial" });

let root: string;
let editor: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS);
  root = mkdtempSync(join(tmpdir(), "editor-"));
  cpSync("content", join(root, "content"), { recursive: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  editor = spawn(process.execPath, ["--import", "tsx", "scripts/edit/edit.ts", "--port", String(port)], {
    env: { ...process.env, CONTENT_ROOT: root },
    stdio: "ignore",
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (editor.exitCode !== null) throw new Error(`npm run edit exited with ${editor.exitCode}`);
    const answered = await fetch(`${origin}/admin`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`npm run edit did not serve ${origin}/admin in time`);
    await new Promise((done) => setTimeout(done, 250));
  }
});

test.afterAll(() => {
  editor?.kill("SIGTERM");
  rmSync(root, { recursive: true, force: true });
});

/** The Mission page in the editor, signed in to the local backend (which has no sign-in of its own). */
async function openMission(page: Page) {
  await page.goto(`${origin}/admin#/collections/pages/entries/mission`, { timeout: STARTUP_TIMEOUT_MS });
  await page.getByRole("button", { name: "Login" }).click();
}

/** A text field of the form, found by the words it holds. */
const fieldHolding = (page: Page, value: string) => page.locator(`input[value="${value}"]`);

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

const missionFile = () => readFileSync(join(root, "content", "mission.yaml"), "utf8");

test.beforeEach(({ consoleErrors }) => {
  // Decap's development build checks its own components' props and says so on the console.
  consoleErrors.expect(/^Warning: Failed prop type/);
});

test("a marketer changes the Mission page's section title: the preview, the data file and the rebuilt page show it", async ({
  page,
}) => {
  test.setTimeout(STARTUP_TIMEOUT_MS);
  await openMission(page);
  const title = fieldHolding(page, missionWords.pillars.intro.title);
  await expect(title).toBeVisible({ timeout: 60_000 });
  await title.fill(NEW_TITLE);
  // The preview is the page itself, drawn by its own components.
  const preview = page.frameLocator("iframe").first();
  await expect(preview.getByRole("heading", { level: 2, name: NEW_TITLE })).toBeVisible();

  await publish(page);
  await expect(page.getByText("Entry saved")).toBeVisible();
  expect(missionFile()).toContain(`title: ${NEW_TITLE}`);
  expect(missionFile()).not.toContain(missionWords.pillars.intro.title);

  // The build reads the saved file through the same checks, and the page shows the new words.
  const buildDir = join(root, "build");
  const built = spawnSync(
    process.execPath,
    ["node_modules/astro/bin/astro.mjs", "build", "--outDir", join(buildDir, "client")],
    {
      env: { ...process.env, CONTENT_ROOT: root, ASTRO_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
    },
  );
  expect(built.status, built.stderr).toBe(0);
  expect(readFileSync(join(buildDir, "client", "mission", "index.html"), "utf8")).toContain(NEW_TITLE);
});

test("an emptied required field and an over-long headline are refused by the editor, naming the field, and by the build", async ({
  page,
  consoleErrors,
}) => {
  // Decap rejects its publishing with no reason when a field is refused (its own unhandled rejection).
  consoleErrors.expect(/^pageerror: undefined$/);
  await openMission(page);
  const saved = missionFile();
  await fieldHolding(page, NEW_TITLE).fill("");
  await fieldHolding(page, missionWords.meta.heading).fill(`${missionWords.meta.heading}, and the right time for both`);
  await publish(page);
  await expect(page.getByText(/Title is required/i)).toBeVisible();
  await expect(page.getByText(/Heading didn't match the pattern: Use 1 to 80 characters/i)).toBeVisible();
  expect(missionFile(), "nothing is saved").toBe(saved);

  // The same edit made in the file is refused by the build, with each field named.
  const refused = saved
    .replace(`title: ${NEW_TITLE}`, 'title: ""')
    .replace(
      `heading: ${missionWords.meta.heading}`,
      `heading: ${missionWords.meta.heading}, and the right time for both`,
    );
  const badRoot = mkdtempSync(join(tmpdir(), "editor-refused-"));
  cpSync(join(root, "content"), join(badRoot, "content"), { recursive: true });
  writeFileSync(join(badRoot, "content", "mission.yaml"), refused);
  const build = spawnSync(
    process.execPath,
    ["node_modules/astro/bin/astro.mjs", "build", "--outDir", join(badRoot, "out")],
    {
      env: { ...process.env, CONTENT_ROOT: badRoot, ASTRO_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
    },
  );
  rmSync(badRoot, { recursive: true, force: true });
  expect(build.status).toBe(1);
  expect(build.stderr).toContain("content/mission.yaml cannot be published:");
  expect(build.stderr).toContain("pillars → intro → title: This is required: write some text here.");
  expect(build.stderr).toMatch(/meta → heading: Use at most 80 characters here \(this has \d+\)/);
});
