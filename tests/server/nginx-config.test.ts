/**
 * The generated nginx configurations are what this machine's nginx (Debian 12's 1.22) takes
 * (issue 59, item 5): `nginx -t` on the one-machine deployment's (TLS for the site's and the
 * editor's names, the http -> https redirect) and on the static one with its TLS template in
 * place, with self-signed certificates made here by openssl. And neither writes the answer
 * links' tokens to the access log (issue 58, item 14).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNginxConfig, renderNginxProxyConfig, SITE_LISTEN_TAG } from "../../hosting/nginx-config";
import { ensureNginx, NGINX_PATH } from "../../scripts/checks/ensure-nginx";
import { mainNginxConfig } from "../../scripts/lib/serve-nginx";
import { apiPath, API_ROUTES } from "#shared/api-paths.ts";
import { buildCsp } from "../../server/http/csp";

const SITE = "network.example";
const EDITOR = "edit.network.example";

let dir: string;
beforeAll(() => {
  ensureNginx();
  dir = mkdtempSync(join(tmpdir(), "nginx-config-"));
  // A self-signed certificate per name, where certbot would put it.
  for (const name of [SITE, EDITOR]) {
    mkdirSync(join(dir, "live", name), { recursive: true });
    const made = spawnSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        `/CN=${name}`,
        "-keyout",
        join(dir, "live", name, "privkey.pem"),
        "-out",
        join(dir, "live", name, "fullchain.pem"),
      ],
      { encoding: "utf8" },
    );
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `nginx -t` on `config` in nginx's http {} context, with a prefix of its own: its exit code and what it said. */
function nginxTest(name: string, config: string): { code: number | null; said: string } {
  const prefix = join(dir, name);
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, "site.conf"), config);
  writeFileSync(join(prefix, "nginx.conf"), mainNginxConfig(prefix, join(prefix, "site.conf")));
  const run = spawnSync(NGINX_PATH, ["-t", "-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", "stderr"], {
    encoding: "utf8",
  });
  return { code: run.status, said: `${run.stdout}${run.stderr}` };
}

const answerLocation = (config: string) => {
  const start = config.indexOf(`location = ${apiPath(API_ROUTES.answer)} {`);
  return config.slice(start, config.indexOf("\n}", start) + 2);
};

describe("the generated nginx configurations", () => {
  it("the one-machine deployment's: TLS for the site and the editor, http redirected, accepted by nginx -t", () => {
    const config = renderNginxProxyConfig({
      serverName: SITE,
      editorName: EDITOR,
      certificates: join(dir, "live"),
    });
    const { code, said } = nginxTest("proxy", config);
    expect(code, said).toBe(0);
    expect(said).toContain("test is successful");
    expect(config).toContain("listen 443 ssl http2;");
    expect(config).not.toContain("http2 on;");
    for (const name of [SITE, EDITOR]) {
      expect(config).toContain(`server_name ${name};`);
      expect(config).toContain(`ssl_certificate     ${join(dir, "live", name)}/fullchain.pem;`);
    }
    expect(config.match(/return 308 https:\/\/\$server_name\$request_uri;/g)).toHaveLength(2);
    expect(answerLocation(config)).toContain("access_log off;");
  });

  it("the static one, its TLS template put in place, accepted by nginx -t; the answer links kept out of its access log", () => {
    const shipped = renderNginxConfig({
      csp: buildCsp({ scriptHashes: ["abc="], hubspot: null, reports: true }),
      serverName: SITE,
      editor: true,
      editorOrigin: `https://${EDITOR}`,
      indexNowKey: "0123456789abcdef0123456789abcdef",
    });
    expect(answerLocation(shipped)).toContain("access_log off;");
    // As docs/deployment/build-and-hosting.md says: the template's lines instead of the `listen` line.
    const template = (name: string) =>
      [
        "listen 443 ssl http2;",
        "listen [::]:443 ssl http2;",
        `ssl_certificate     ${join(dir, "live", name)}/fullchain.pem;`,
        `ssl_certificate_key ${join(dir, "live", name)}/privkey.pem;`,
      ].join("\n    ");
    let blocks = 0;
    const withTls = shipped.replace(
      new RegExp(`listen [^;]+; ${SITE_LISTEN_TAG}\\n    server_name ([^;]+);`, "g"),
      (_line, name: string) => (blocks++, `${template(name)}\n    server_name ${name};`),
    );
    expect(blocks).toBe(2);
    expect(shipped).toContain("#   listen 443 ssl http2;");
    expect(shipped).not.toContain("http2 on;");
    const { code, said } = nginxTest("static", withTls);
    expect(code, said).toBe(0);
  });
});
