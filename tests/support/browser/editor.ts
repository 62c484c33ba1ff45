/**
 * The editor as tests/e2e/editor.spec.ts drives it: `npm run edit` on a copy of content/
 * (CONTENT_ROOT), signed in to its local backend, and the form's fields found by their labels.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Locator, Page } from "@playwright/test";
import { parseSiteConfig } from "#shared/site-config.ts";
import { freePort } from "../../../scripts/lib/free-port";

export const EDITOR_STARTUP_MS = 120_000;

export interface EditSession {
  /** The copy of the checkout whose content/ the editor saves into. */
  root: string;
  origin: string;
  /** What `npm run edit` printed so far (its terminal). */
  output: () => string;
  /** Stops it (resolved once it has exited: Astro runs one development server per project) and removes the copy. */
  stop: () => Promise<void>;
}

/** A copy of content/ to edit, with `files` (path under content/ -> text) added or replaced. */
export function contentCopy(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "editor-"));
  cpSync("content", join(root, "content"), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, "content", path)), { recursive: true });
    writeFileSync(join(root, "content", path), text);
  }
  return root;
}

/** `npm run edit` on `root`, once its editor answers at /admin. */
export async function startEditor(root: string): Promise<EditSession> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const editor: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/edit/edit.ts", "--port", String(port)],
    { env: { ...process.env, CONTENT_ROOT: root }, stdio: ["ignore", "pipe", "pipe"] },
  );
  editor.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  editor.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stopped = new Promise((done) => editor.once("exit", done));
  const stop = async () => {
    if (editor.exitCode === null) editor.kill("SIGTERM");
    await stopped;
    rmSync(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + EDITOR_STARTUP_MS;
  for (;;) {
    if (editor.exitCode !== null) throw new Error(`npm run edit exited with ${editor.exitCode}:\n${output}`);
    const answered = await fetch(`${origin}/admin`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm run edit did not serve ${origin}/admin in time:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return { root, origin, output: () => output, stop };
}

/**
 * Resolves once the development server has read a saved file into its content store and written
 * the store out (Astro debounces that write by half a second). A page requested in between can
 * be served from the store as it was, and Astro 7's development server may keep it so until a
 * restart, a race of its own the test steps around.
 */
export async function contentReloaded(session: EditSession, file: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!stripVTControlCharacters(session.output()).includes(`Reloaded data from ${file}`)) {
    if (Date.now() > deadline) throw new Error(`the development server did not read ${file}:\n${session.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  await new Promise((done) => setTimeout(done, 1_000));
}

/** The sign-in button of the local backend, which names the site (it has no sign-in of its own). */
export const signInName = `Edit The ${parseSiteConfig({}).siteName} on this computer`;

/**
 * A collection of the editor, or one of its entries, signed in, by loading the editor's page
 * (Decap does not load an entry reached by changing the address's `#` alone).
 */
export async function openEntry(page: Page, origin: string, collection: string, entry?: string): Promise<void> {
  if (page.url() !== "about:blank") await page.goto("about:blank");
  const hash = entry === undefined ? collection : `${collection}/entries/${entry}`;
  await page.goto(`${origin}/admin#/collections/${hash}`, { timeout: EDITOR_STARTUP_MS });
  const signIn = page.getByRole("button", { name: signInName });
  if (await signIn.isVisible({ timeout: 60_000 }).catch(() => false)) await signIn.click();
}

/**
 * Writes into a field as a person does: click it, select what it holds with the keyboard, and type
 * over it (the text entered at once, as a paste is), or delete it.
 */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press("ControlOrMeta+a");
  if (text === "") await page.keyboard.press("Backspace");
  else await page.keyboard.insertText(text);
}

export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/** The refusals the editor shows beside a field (between its label and the field), by the field's label. */
export async function refusalBeside(page: Page, field: Locator): Promise<Locator> {
  const id = await field.getAttribute("id");
  return page.locator(`label[for="${id}"] + ul > li`);
}
