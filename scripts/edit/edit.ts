// `npm run edit`: edit the site's words in a browser on this machine. Starts the editor's local
// backend (decap-server, writing the files of content/ in this checkout) and the site's
// development server with the editor at /admin; each save changes a file, and the page shows
// the new words. Ctrl+C stops both. Committing the change is git's (or the deployed editor's,
// at /admin on its own origin, which opens a pull request: docs/copy.md).
//
//   npm run edit [-- --port 4321]
//
// CONTENT_ROOT names another folder holding a content/ (the browser test edits a copy).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../lib/free-port";
import { MEDIA_FOLDER } from "#app/admin/media-folder.ts";
import { CONTENT_DIR } from "#shared/content/read.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { port: { type: "string", default: "4321" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`--port must be a port number, got ${values.port}`);
// The folder holding content/ (this checkout, or CONTENT_ROOT's), found where the pages and the build find it.
const contentRoot = dirname(CONTENT_DIR);
// The editor's image library lists this folder, which its backend needs to exist (empty at first).
mkdirSync(join(contentRoot, MEDIA_FOLDER), { recursive: true });
const backendPort = await freePort();
// decap-server reads a .env from where it starts: an empty folder of its own, never the checkout's.
const backendCwd = mkdtempSync(join(tmpdir(), "editor-backend-"));

const children: ChildProcess[] = [];
function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "inherit", "inherit"] });
  children.push(child);
  child.on("exit", (code) => stop(code ?? 1));
  return child;
}
let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  rmSync(backendCwd, { recursive: true, force: true });
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// The file-system mode only: it writes the files and commits nothing (its git mode adds every
// untracked file of the checkout to its commits). On loopback: it has no sign-in of its own.
start(process.execPath, [require.resolve("decap-server/dist/index.js")], {
  cwd: backendCwd,
  env: {
    PATH: process.env.PATH,
    MODE: "fs",
    BIND_HOST: "127.0.0.1",
    PORT: String(backendPort),
    GIT_REPO_DIRECTORY: contentRoot,
    LOG_LEVEL: "warn",
  },
});
start(
  process.execPath,
  [
    join(projectRoot, "node_modules", "astro", "bin", "astro.mjs"),
    "dev",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
  ],
  {
    cwd: projectRoot,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: "1",
      CONTENT_ROOT: contentRoot,
      CMS_LOCAL_BACKEND: `http://127.0.0.1:${backendPort}/api/v1`,
    },
  },
);
console.log(
  `\nEdit the words at http://127.0.0.1:${port}/admin (saves change the files in ${CONTENT_DIR}); ` +
    `the site is at http://127.0.0.1:${port}/. Ctrl+C stops.\n`,
);
