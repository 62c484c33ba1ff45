/**
 * A deployment whose editor publishes (DECISIONS §12), for the browser test of it
 * (tests/e2e/editor-publishes.spec.ts) and the publish-to-live benchmark (scripts/bench/publish.ts):
 * the update rig's bare remote and checkout (./update-rig.ts), served by `npm start` with the
 * editor on `http://localhost:<port>` beside the site on `http://127.0.0.1:<port>`.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/free-port";
import { baseEnv } from "./site-process";
import { makeDeployment, npmRun, npmStart, type Deployment, type Started } from "./update-rig";

export interface PublishingSite {
  deployment: Deployment;
  server: Started;
  siteOrigin: string;
  editorOrigin: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The home page's headline in content/home.yaml (`meta.heading`). */
export const HOME_HEADLINE = /^ {2}heading: (.*)$/m;

export async function startPublishingSite(editors: string, more: Record<string, string> = {}): Promise<PublishingSite> {
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const editorOrigin = `http://localhost:${port}`;
  const siteEnv = { SITE_URL: siteOrigin, EDITOR_ORIGIN: editorOrigin };
  const deployment = await makeDeployment(siteEnv);
  const dataDir = join(deployment.root, "data");
  const env = baseEnv({ ...siteEnv, EDITORS: editors, DATA_DIR: dataDir, PORT: String(port), ...more });
  // The first start builds the checkout (its build is not the project's: another EDITOR_ORIGIN).
  const server = await npmStart(deployment.checkout, env, 600_000);
  return {
    deployment,
    server,
    siteOrigin,
    editorOrigin,
    env,
    async stop() {
      await server.stop();
      rmSync(deployment.root, { recursive: true, force: true });
    },
  };
}

/** Signs `email` in without a browser: the CLI's link (no mail server needed), posted as its page's button posts it. */
export async function signInByCli(site: PublishingSite, email: string): Promise<string> {
  const made = await npmRun(site.deployment.checkout, ["requests", "--", "editor-link", email], site.env);
  const link = /https?:\/\/\S+/.exec(made.output)?.[0];
  if (!link) throw new Error(`no sign-in link was printed:\n${made.output}`);
  const token = new URL(link).searchParams.get("token")!;
  const response = await fetch(new URL("/api/editor/link", site.editorOrigin), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.editorOrigin },
    body: new URLSearchParams({ token }).toString(),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 303 || !cookie) throw new Error(`the link opened no session (${response.status})`);
  return cookie;
}

/** One call of the editor's API. */
export async function editorApi(site: PublishingSite, cookie: string, action: string, params: Record<string, unknown>) {
  const response = await fetch(new URL("/api/editor/v1", site.editorOrigin), {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ action, params }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Saves a new home headline through the API, as the editor's page does: the file read, changed, sent back with its version. */
export async function saveHeadline(site: PublishingSite, cookie: string, headline: string): Promise<void> {
  const read = await editorApi(site, cookie, "getEntry", { path: "content/home.yaml" });
  const { data, file } = read.body as { data: string; file: { id: string } };
  const saved = await editorApi(site, cookie, "persistEntry", {
    dataFiles: [
      { path: "content/home.yaml", raw: data.replace(HOME_HEADLINE, `  heading: ${headline}`), slug: "home" },
    ],
    assets: [],
    options: { commitMessage: `The home headline: ${headline}` },
    versions: { "content/home.yaml": file.id },
  });
  if (saved.status !== 200) throw new Error(`the save was refused (${saved.status}): ${JSON.stringify(saved.body)}`);
}

/** Resolves once the site's home page shows `text`; rejects after `timeoutMs`. */
export async function untilLive(site: PublishingSite, text: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const page = await fetch(`${site.siteOrigin}/`)
      .then((response) => response.text())
      .catch(() => "");
    if (page.includes(text)) return performance.now() - started;
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(
    `the home page did not show "${text}" within ${timeoutMs / 1000} s:\n${site.server.output().slice(-3000)}`,
  );
}
