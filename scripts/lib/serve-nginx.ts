// Serves a build with Debian's nginx and the build's own generated configuration
// (BUILD_DIR/deploy/nginx.conf), for the browser tests and the load bench:
//
//   tsx scripts/lib/serve-nginx.ts --port 4341 [--build build-x] [--redirect-port 4342] [--upstream 127.0.0.1:4340]
//
// nginx runs in the foreground on 127.0.0.1 with a throw-away prefix (pid and temp
// folders in $TMPDIR/site-nginx-<port>) and a minimal main configuration; no system
// configuration is read or touched. Only the shipped file's `listen` and `root` change, and
// with --upstream the Node server it proxies to (the API, the roles, the sitemap).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureNginx, NGINX_BROTLI_MODULE_PATH, NGINX_PATH } from "../checks/ensure-nginx";
import { REDIRECT_LISTEN_TAG, SITE_LISTEN_TAG, SITE_SERVER_TAG } from "../../hosting/nginx-config";
import { buildDirOf } from "#shared/build-dir.ts";

const TEMP_FOLDERS = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Every server block's: the site's, and the editor's when the build has one (EDITOR_ORIGIN).
const listenLine = (tag: string) => new RegExp(`^(\\s*)listen [^;]+; ${escapeRegExp(tag)}$`, "gm");
const REDIRECT_SERVER = new RegExp(`^server \\{\\n[^}]*${escapeRegExp(REDIRECT_LISTEN_TAG)}[^}]*\\}\\n`, "gm");

/**
 * The shipped configuration with the site's `listen` and `root` set for this machine,
 * and its http -> https redirect on `redirectPort` (left out without one: port 80 is
 * not ours to take in a test run), and the Node server at `upstream` when given.
 */
export function localiseNginxConfig(
  shipped: string,
  { port, root, redirectPort, upstream }: { port: number; root: string; redirectPort?: number; upstream?: string },
): string {
  let listens = 0;
  let roots = 0;
  let config = shipped
    .replace(listenLine(SITE_LISTEN_TAG), (_line, indent: string) => (listens++, `${indent}listen 127.0.0.1:${port};`))
    .replace(/^(\s*)root [^;]+;$/gm, (_line, indent: string) => (roots++, `${indent}root ${root};`));
  if (listens === 0 || listens !== roots) {
    throw new Error("serve-nginx: the configuration has no site `listen` or no `root` line to set");
  }
  if (upstream !== undefined) {
    if (!/^[\w.:[\]-]+$/.test(upstream))
      throw new Error(`serve-nginx: --upstream must be host:port, got "${upstream}"`);
    const server = new RegExp(`^(\\s*)server [^;]+; ${escapeRegExp(SITE_SERVER_TAG)}$`, "m");
    if (!server.test(config)) throw new Error("serve-nginx: the configuration has no Node server to point elsewhere");
    config = config.replace(server, (_line, indent: string) => `${indent}server ${upstream};`);
  }
  const redirect = listenLine(REDIRECT_LISTEN_TAG);
  if (!redirect.test(config)) throw new Error("serve-nginx: the configuration has no http -> https redirect");
  config =
    redirectPort === undefined
      ? config.replace(REDIRECT_SERVER, "")
      : config.replace(redirect, (_line, indent: string) => `${indent}listen 127.0.0.1:${redirectPort};`);
  return config;
}

export function mainNginxConfig(prefix: string, siteConfigPath: string): string {
  const isRoot = process.getuid?.() === 0;
  return [
    "daemon off;",
    "worker_processes 1;",
    // As root, nginx would switch its workers to `nobody`; keep the invoking user's
    // rights instead, like the Node test server (production uses Debian's www-data).
    ...(isRoot ? ["user root root;"] : []),
    `pid ${join(prefix, "nginx.pid")};`,
    "error_log stderr warn;",
    `load_module ${NGINX_BROTLI_MODULE_PATH};`,
    "events { worker_connections 1024; }",
    "http {",
    "    access_log off;",
    ...TEMP_FOLDERS.map((folder) => `    ${folder}_temp_path ${join(prefix, folder)};`),
    `    include ${siteConfigPath};`,
    "}",
    "",
  ].join("\n");
}

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(flag("port"));
  if (!Number.isInteger(port) || port <= 0) throw new Error("serve-nginx: --port <number> is required");
  const redirectFlag = flag("redirect-port");
  const redirectPort = redirectFlag === undefined ? undefined : Number(redirectFlag);
  const upstream = flag("upstream");
  const buildDir = resolve(flag("build") ?? buildDirOf(process.env));
  ensureNginx();

  // One prefix per port: a run that was killed outright (SIGKILL) leaves its prefix
  // behind, and the next run on that port clears it.
  const prefix = join(tmpdir(), `site-nginx-${port}`);
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { mode: 0o700 });
  const siteConfigPath = join(prefix, "site.conf");
  const shippedPath = join(buildDir, "deploy", "nginx.conf");
  if (!existsSync(shippedPath)) throw new Error(`serve-nginx: ${shippedPath} is missing: run \`npm run build\` first`);
  const shipped = readFileSync(shippedPath, "utf8");
  writeFileSync(
    siteConfigPath,
    localiseNginxConfig(shipped, { port, root: join(buildDir, "client"), redirectPort, upstream }),
  );
  writeFileSync(join(prefix, "nginx.conf"), mainNginxConfig(prefix, siteConfigPath));

  const nginx = spawn(NGINX_PATH, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", "stderr"], {
    stdio: "inherit",
  });
  const cleanUp = () => rmSync(prefix, { recursive: true, force: true });
  nginx.on("exit", (code, signal) => {
    cleanUp();
    process.exit(code ?? (signal ? 1 : 0));
  });
  // SIGQUIT is nginx's graceful shutdown: finish in-flight requests, then exit.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => nginx.kill("SIGQUIT"));
  console.log(`nginx serving ${join(buildDir, "client")} at http://127.0.0.1:${port}/ (prefix ${prefix})`);
}
