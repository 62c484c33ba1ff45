/**
 * The editor publishes alone (DECISIONS §12), against real git: a bare repository in a temp
 * folder is the remote, a clone of it the server's checkout, another clone a developer's. The
 * API runs in this process (its scope, as the server mounts it at /api) with a SQLite store;
 * `npm run update` is a fake that records what it was asked to take live.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiScope } from "../../server/api/routes";
import { parseEditors } from "../../server/config";
import { editorApiRoutes } from "../../server/editor/api";
import { MEDIA_FOLDER } from "#shared/media-folder.ts";
import { ContentRepo } from "../../server/editor/content-repo";
import { editorStartupLines } from "../../server/editor/editor";
import { historyRoutes } from "../../server/editor/history";
import { Publisher } from "../../server/editor/publisher";
import { sessionReader, signInRoutes } from "../../server/editor/sign-in";
import { openSqliteStore } from "../../server/requests/stores/sqlite-store";
import { parseConfig } from "../../server/config";
import type { RequestStore } from "../../server/requests/store";

const ORIGIN = "http://localhost:4999";
const MARKETER = "ana.lopez@network.example";
const root = mkdtempSync(join(tmpdir(), "editor-publish-"));
const remote = join(root, "remote.git");
const checkout = join(root, "checkout");
const developer = join(root, "developer");
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Dev",
      GIT_AUTHOR_EMAIL: "dev@network.example",
      GIT_COMMITTER_NAME: "Dev",
      GIT_COMMITTER_EMAIL: "dev@network.example",
    },
  }).trim();

let app: FastifyInstance;
let store: RequestStore;
let publisher: Publisher;
const mailed: { to: string; link: string }[] = [];
const wentLive: string[] = [];
let cookie = "";

const headline = (yaml: string) => /^ {2}heading: (.*)$/m.exec(yaml)?.[1];
const api = (action: string, params: Record<string, unknown>, withCookie = cookie) =>
  app.inject({
    method: "POST",
    url: "/api/editor/v1",
    headers: { "content-type": "application/json", ...(withCookie ? { cookie: withCookie } : {}) },
    payload: JSON.stringify({ action, params }),
  });
/** The home page's file as the editor reads it: its text and its version. */
async function readHome(): Promise<{ data: string; file: { id: string } }> {
  return (await api("getEntry", { path: "content/home.yaml" })).json();
}

/** Saves the home page read as `read` with its headline changed to `heading`, as the editor does. */
const saveHeadline = (
  read: { data: string; file: { id: string } },
  heading: string,
  { withCookie = cookie, options = {} }: { withCookie?: string; options?: Record<string, string> } = {},
) =>
  api(
    "persistEntry",
    {
      dataFiles: [
        {
          path: "content/home.yaml",
          raw: read.data.replace(/^ {2}heading: .*$/m, `  heading: ${heading}`),
          slug: "home",
        },
      ],
      assets: [],
      options,
      versions: { "content/home.yaml": read.file.id },
    },
    withCookie,
  );

const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    payload: new URLSearchParams(body).toString(),
  });

/** Signs `email` in through the emailed link: the session cookie. */
async function signIn(email: string): Promise<string> {
  await form("/api/editor/sign-in", { email });
  const link = new URL(mailed.at(-1)!.link);
  const used = await form("/api/editor/link", { token: link.searchParams.get("token")! });
  expect(used.statusCode).toBe(303);
  return String(used.headers["set-cookie"]).split(";")[0]!;
}

beforeAll(async () => {
  const source = join(root, "source");
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote]);
  execFileSync("git", ["init", "--quiet", "--initial-branch=main", source]);
  cpSync(join(process.cwd(), "content"), join(source, "content"), { recursive: true });
  writeFileSync(join(source, "README.md"), "The site\n");
  git(source, "add", "-A");
  git(source, "commit", "--quiet", "-m", "The site");
  git(source, "push", "--quiet", remote, "main");
  execFileSync("git", ["clone", "--quiet", remote, checkout]);
  execFileSync("git", ["clone", "--quiet", remote, developer]);
  store = openSqliteStore(join(root, "data"));
  const repo = await ContentRepo.open(checkout);
  publisher = new Publisher(
    repo,
    async () => {
      wentLive.push(git(remote, "rev-parse", "main"));
      return { ok: true, said: "" };
    },
    { retryMs: 60_000, log: () => {} },
  );
  const sessionOf = sessionReader(store.editorSessions, ORIGIN);
  app = Fastify();
  await app.register(
    apiScope(
      [
        signInRoutes({
          origin: ORIGIN,
          editors: parseEditors(`${MARKETER}, @marketing.network.example`),
          store: store.editorSessions,
          sendLink: async (to, link) => void mailed.push({ to, link }),
          siteName: "TA Leadership Network",
          rateLimit: { max: 50, windowMs: 60_000 },
          log: () => {},
        }),
        editorApiRoutes({ repo, publisher, sessionOf }),
        historyRoutes({ repo, publisher, sessionOf, siteName: "TA Leadership Network", origin: ORIGIN }),
      ],
      { trustProxyHops: 0, counter: undefined },
    ),
    { prefix: "/api" },
  );
}, 60_000);

afterAll(async () => {
  publisher?.close();
  await app?.close();
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("signing in by email", () => {
  it("answers an unlisted address as a listed one, and sends it nothing", async () => {
    const unlisted = await form("/api/editor/sign-in", { email: "someone@elsewhere.example" });
    const listed = await form("/api/editor/sign-in", { email: "bo@marketing.network.example" });
    expect(unlisted.statusCode).toBe(200);
    expect(listed.statusCode).toBe(200);
    expect(unlisted.body.replace("someone@elsewhere.example", "X")).toBe(
      listed.body.replace("bo@marketing.network.example", "X"),
    );
    expect(mailed.map((mail) => mail.to)).toEqual(["bo@marketing.network.example"]);
  });

  it("opens a session from the link's POST only, once: its GET changes nothing", async () => {
    await form("/api/editor/sign-in", { email: MARKETER });
    const token = new URL(mailed.at(-1)!.link).searchParams.get("token")!;
    expect(mailed.at(-1)!.link.startsWith(`${ORIGIN}/api/editor/link?token=`)).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const shown = await app.inject(`/api/editor/link?token=${token}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers["set-cookie"]).toBeUndefined();
      expect(shown.body).toContain('method="post"');
    }
    const used = await form("/api/editor/link", { token });
    expect(used.statusCode).toBe(303);
    const set = String(used.headers["set-cookie"]);
    expect(set).toMatch(/^editor_session=[\w-]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    cookie = set.split(";")[0]!;
    const again = await form("/api/editor/link", { token });
    expect(again.statusCode).toBe(400);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((await app.inject(`/api/editor/link?token=${token}`)).statusCode).toBe(400);
    // A post from another origin opens nothing.
    await form("/api/editor/sign-in", { email: MARKETER });
    const other = new URL(mailed.at(-1)!.link).searchParams.get("token")!;
    expect((await form("/api/editor/link", { token: other }, { origin: "https://evil.example" })).statusCode).toBe(403);
    // A page whose Referrer-Policy hides its origin: the browser's fetch metadata says where the post came from.
    const hidden = { origin: "null", "sec-fetch-site": "cross-site" };
    expect((await form("/api/editor/link", { token: other }, hidden)).statusCode).toBe(403);
    const same = await form("/api/editor/link", { token: other }, { ...hidden, "sec-fetch-site": "same-origin" });
    expect(same.statusCode).toBe(303);
  });

  it("refuses the API without a session, and after the sign-out", async () => {
    expect((await api("getEntry", { path: "content/home.yaml" }, "")).statusCode).toBe(401);
    const session = await signIn(MARKETER);
    expect((await api("getEntry", { path: "content/home.yaml" }, session)).statusCode).toBe(200);
    const out = await app.inject({
      method: "POST",
      url: "/api/editor/sign-out",
      headers: { cookie: session, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(303);
    expect((await api("getEntry", { path: "content/home.yaml" }, session)).statusCode).toBe(401);
  });
});

describe("the editor's API", () => {
  it("refuses any path outside content/ and the media folder", async () => {
    for (const path of [".ci/run", "server/main.ts", "content/../server/main.ts", "/etc/passwd", "package.json"]) {
      const response = await api("persistEntry", {
        dataFiles: [{ path, raw: "echo pwned", slug: "x" }],
        assets: [],
        options: {},
      });
      expect(response.statusCode, path).toBe(403);
      expect((await api("getEntry", { path })).statusCode, path).toBe(403);
    }
    expect(git(remote, "log", "--format=%s", "main")).toBe("The site");
    // The image library's folder itself is listed; its parent is not.
    expect((await api("getMedia", { mediaFolder: MEDIA_FOLDER })).statusCode).toBe(200);
    expect((await api("getMedia", { mediaFolder: "public" })).statusCode).toBe(403);
  });

  it("refuses a file the build would refuse, in the build's words, and writes nothing", async () => {
    const read = await readHome();
    const response = await saveHeadline(read, "''");
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toContain("content/home.yaml");
    expect(git(remote, "log", "--format=%s", "main")).toBe("The site");
  });

  it("publishes a save as one commit by the marketer, touching content/ only, then takes it live", async () => {
    const read = await readHome();
    const response = await saveHeadline(read, "The network for TA leaders", {
      options: { commitMessage: "Update Home “home”" },
    });
    expect(response.statusCode).toBe(200);
    await publisher.settled();
    expect(git(remote, "log", "-1", "--format=%an <%ae>", "main")).toBe(`Ana Lopez <${MARKETER}>`);
    expect(git(remote, "show", "--name-only", "--format=", "main")).toBe("content/home.yaml");
    expect(headline(git(remote, "show", "main:content/home.yaml"))).toBe("The network for TA leaders");
    expect(wentLive.at(-1)).toBe(git(remote, "rev-parse", "main"));
    expect(publisher.status.phase).toBe("live");
    const status = await app.inject({ url: "/api/editor/status", headers: { cookie } });
    expect(status.json()).toMatchObject({ phase: "live", message: "Live." });
    expect((await app.inject("/api/editor/status")).json()).toEqual({ signedIn: false });
    // A server the switch started knows nothing of the save: it reads whether the release it serves holds it.
    const repo = await ContentRepo.open(checkout);
    const head = git(remote, "rev-parse", "main");
    const served = (commit: string | null) =>
      new Publisher(repo, async () => ({ ok: true, said: "" }), { liveCommit: () => commit }).currentStatus();
    expect(await served(head)).toMatchObject({ phase: "live", message: "Live." });
    expect(await served(git(remote, "rev-parse", "main~1"))).toMatchObject({ phase: "building" });
    // The history shows it, field by field.
    const history = await app.inject({ url: "/api/editor/history", headers: { cookie } });
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain("meta.heading");
    expect(history.body).toContain("The private network for enterprise talent acquisition leadership");
    expect(history.body).toContain("The network for TA leaders");
    expect(history.body).toContain("Ana Lopez");
  });

  it("refuses a save over a colleague's change since the page was opened, naming who and when", async () => {
    const read = await readHome();
    const colleague = await signIn("bo@marketing.network.example");
    expect((await saveHeadline(read, "Bo's headline", { withCookie: colleague })).statusCode).toBe(200);
    await publisher.settled();
    const response = await saveHeadline(read, "Ana's headline");
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(
      /content\/home\.yaml was changed by Bo \(bo@marketing\.network\.example\) at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect(headline(git(remote, "show", "main:content/home.yaml"))).toBe("Bo's headline");
  });

  it("replays a save on a developer's commit that reached the branch meanwhile, never losing it", async () => {
    git(developer, "pull", "--quiet");
    writeFileSync(join(developer, "README.md"), "The site, by its developers\n");
    git(developer, "commit", "--quiet", "-am", "A developer's change");
    git(developer, "push", "--quiet");
    const devCommit = git(developer, "rev-parse", "HEAD");
    const read = await readHome();
    const response = await saveHeadline(read, "After the developer");
    expect(response.statusCode).toBe(200);
    await publisher.settled();
    expect(git(remote, "rev-parse", "main~1")).toBe(devCommit);
    expect(git(remote, "show", "main:README.md")).toBe("The site, by its developers");
    expect(headline(git(remote, "show", "main:content/home.yaml"))).toBe("After the developer");
  });

  it("keeps a save while the remote is away, says so, and publishes it once the remote is back", async () => {
    const before = git(remote, "rev-parse", "main");
    const away = `${remote}.away`;
    renameSync(remote, away);
    try {
      const read = await readHome();
      const response = await saveHeadline(read, "Saved while away");
      expect(response.statusCode).toBe(200);
      await publisher.settled();
      expect(publisher.status.phase).toBe("not-pushed");
      expect(publisher.status.message).toContain("Saved, not yet live");
      // The editor shows the save meanwhile.
      expect(headline((await api("getEntry", { path: "content/home.yaml" })).json().data)).toBe("Saved while away");
    } finally {
      renameSync(away, remote);
    }
    expect(git(remote, "rev-parse", "main")).toBe(before);
    await publisher.resume();
    await publisher.settled();
    expect(git(remote, "rev-parse", "main~1")).toBe(before);
    expect(headline(git(remote, "show", "main:content/home.yaml"))).toBe("Saved while away");
    expect(publisher.status.phase).toBe("live");
  });

  it("undoes one change as a new commit, or says why not when a later change touched it", async () => {
    const log = git(remote, "log", "--format=%H %s", "main", "--", "content/").split("\n");
    const newest = log[0]!.split(" ")[0]!;
    const older = log[1]!.split(" ")[0]!;
    expect(
      (await form("/api/editor/undo", { commit: newest }, { cookie, origin: "https://evil.example" })).statusCode,
    ).toBe(403);
    const refused = await form("/api/editor/undo", { commit: older }, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("was changed again since");
    const undone = await form("/api/editor/undo", { commit: newest }, { cookie });
    expect(undone.statusCode).toBe(303);
    await publisher.settled();
    expect(headline(git(remote, "show", "main:content/home.yaml"))).toBe("After the developer");
    expect(git(remote, "log", "-1", "--format=%s", "main")).toMatch(/^Undo /);
  });
});

it("says at start where the editor is and how one signs in, or what is missing", () => {
  const env = { SITE_URL: "http://127.0.0.1:4999", EDITOR_ORIGIN: ORIGIN };
  const lines = (more: Record<string, string>, built = true, problem: string | null = null) =>
    editorStartupLines(parseConfig({ ...env, ...more }), built, problem).map(
      ({ warning, line }) => `${warning ? "warning " : ""}${line}`,
    );
  expect(lines({ EDITORS: MARKETER })).toEqual([
    `[editor] the editor at ${ORIGIN}/admin: ${MARKETER} sign in with a link printed by \`npm run requests -- editor-link <email>\` (no SMTP_URL, so none is emailed); each save publishes to the site`,
  ]);
  expect(
    lines({ EDITORS: "@network.example", SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL_TO: "team@network.example" }),
  ).toEqual([
    `[editor] the editor at ${ORIGIN}/admin: anyone @network.example sign in with a link sent by email; each save publishes to the site`,
  ]);
  expect(lines({})).toEqual([
    `warning [editor] EDITORS is unset: no one can sign in to ${ORIGIN}/admin (docs/deployment/editor.md)`,
  ]);
  expect(lines({ EDITORS: MARKETER }, false)[0]).toContain("this build has no editor");
  expect(editorStartupLines(parseConfig({ EDITORS: MARKETER }), false, null)[0]!.line).toBe(
    "[editor] EDITORS is set, but EDITOR_ORIGIN is not: no editor is served",
  );
  void readFileSync;
});
