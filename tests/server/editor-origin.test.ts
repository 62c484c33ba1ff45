// The editor on an origin of its own (docs/deployment/editor.md), the same requests sent to the
// Node server and to nginx running the configuration postbuild writes for a build with the editor
// and EDITOR_ORIGIN: on the editor's host its page, its files and its sign-in, a plain 404 for
// the rest; on any other host the site, without /admin. A small build of files written here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { renderNginxConfig } from "../../hosting/nginx-config";
import { buildCsp, editorCsp } from "../../server/http/csp";
import { collectInlineScriptHashes } from "../../server/http/inline-scripts";
import { writePolicyConfig } from "../../server/http/policy-config";
import { editorPlace } from "../../server/http/editor-host";
import { startSiteServer, type RunningServer } from "../../server/http/site-server";
import { startNginx, type NginxProcess } from "../support/production-servers";

const NOT_FOUND_PAGE = "<!doctype html><title>Not found</title>\n";
const EDITOR_PAGE = "<!doctype html><title>Editor</title>\n";
/** INDEXNOW_KEY: its key file is the site's, never the editor's host's (issue 58, item 14). */
const INDEXNOW_KEY = "0123456789abcdef0123456789abcdef";

let buildDir: string;
let node: RunningServer;
let nginx: NginxProcess;
/** The editor's host as the browser names it: EDITOR_ORIGIN is http://localhost:<nginx's port>. */
let editorHost: string;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "editor-origin-"));
  const client = join(buildDir, "client");
  for (const [path, body] of [
    [["404.html"], NOT_FOUND_PAGE],
    [["index.html"], "<!doctype html><title>Home</title>\n"],
    [["mission", "index.html"], "<!doctype html><title>Mission</title>\n"],
    [["admin", "index.html"], EDITOR_PAGE],
    [["admin", "editor.js"], "the editor\n"],
    [["admin", "chunks", "decap.1a2b3c.js"], "a chunk\n"],
    [["assets", "island.abc.js"], "an island\n"],
  ] as const) {
    mkdirSync(join(client, ...path.slice(0, -1)), { recursive: true });
    writeFileSync(join(client, ...path), body);
  }
  const [nodePort, nginxPort] = [await freePort(), await freePort()];
  editorHost = `localhost:${nginxPort}`;
  const site = {
    siteUrl: `http://127.0.0.1:${nginxPort}`,
    editorOrigin: `http://${editorHost}`,
    editor: { backend: "server" as const },
  };
  const policy = { hubspot: null, reports: false, editor: true };
  writePolicyConfig(buildDir, policy);
  writeFileSync(
    join(buildDir, "deploy", "nginx.conf"),
    renderNginxConfig({
      csp: buildCsp({ scriptHashes: collectInlineScriptHashes(client), ...policy }),
      serverName: "127.0.0.1",
      editor: true,
      editorOrigin: site.editorOrigin,
      indexNowKey: INDEXNOW_KEY,
    }),
  );
  node = await startSiteServer({
    root: client,
    port: nodePort,
    host: "127.0.0.1",
    editor: editorPlace(site),
    indexNowKey: INDEXNOW_KEY,
    api: async (api) => {
      api.get("/editor/sign-in", async (_request, reply) => reply.type("text/plain").send("the sign-in"));
      api.get("/health", async (_request, reply) => reply.type("text/plain").send("healthy"));
    },
  });
  nginx = await startNginx({ port: nginxPort, buildDir, upstreamPort: nodePort });
});

afterAll(async () => {
  await nginx?.stop();
  await node?.app.close();
  rmSync(buildDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET `path` from the server on `port`, naming `host` as the browser would. */
function get(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolveAnswer({ status: response.statusCode!, headers: response.headers, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

const servers = () => [
  { name: "node", port: Number(new URL(node.url).port) },
  { name: "nginx", port: nginx.port },
];

describe.each(["node", "nginx"])("%s", (name) => {
  const port = () => servers().find((server) => server.name === name)!.port;
  const onEditor = (path: string) => get(port(), editorHost, path);
  const onSite = (path: string) => get(port(), `127.0.0.1:${nginx.port}`, path);

  it("answers the editor's page, its files and its sign-in on the editor's host, under its policy", async () => {
    const page = await onEditor("/admin");
    expect([page.status, page.body]).toEqual([200, EDITOR_PAGE]);
    expect(page.headers["content-security-policy"]).toBe(editorCsp());
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    for (const [path, body] of [
      ["/admin/editor.js", "the editor\n"],
      ["/admin/chunks/decap.1a2b3c.js", "a chunk\n"],
      ["/api/editor/sign-in", "the sign-in"],
    ]) {
      const answer = await onEditor(path!);
      expect([path, answer.status, answer.body]).toEqual([path, 200, body]);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    const root = await onEditor("/");
    expect([root.status, root.headers.location]).toEqual([302, "/admin"]);
  });

  it("answers nothing of the site on the editor's host: a plain 404 under the editor's policy", async () => {
    for (const path of [
      "/mission",
      "/assets/island.abc.js",
      "/404.html",
      "/api/health",
      "/admin/index.html",
      `/${INDEXNOW_KEY}.txt`,
    ]) {
      const answer = await onEditor(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain("<title>");
      expect(answer.headers["content-security-policy"], path).toBe(editorCsp());
    }
  });

  it("answers neither the editor nor its sign-in on any other host", async () => {
    for (const path of ["/admin", "/admin/editor.js", "/api/editor/sign-in"]) {
      const answer = await onSite(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toMatch(/the editor|the sign-in|<title>Editor/);
    }
    expect((await onSite("/admin")).body).toBe(NOT_FOUND_PAGE);
    expect((await onSite("/mission")).status).toBe(200);
    expect((await onSite("/api/health")).body).toBe("healthy");
    const key = await onSite(`/${INDEXNOW_KEY}.txt`);
    expect([key.status, key.body]).toEqual([200, INDEXNOW_KEY]);
  });
});
