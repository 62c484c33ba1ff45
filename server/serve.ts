// The server itself: serves a built site with the production server in this process,
// `npm run serve -- --port 4310 --dir build/client`. Defaults: PORT from the validated
// configuration, BUILD_DIR/client, host 127.0.0.1 (HOST to change). The API runs as the
// configuration in the environment says (INVITATION_API), wired by server/main.ts.
// To debug the server, run this one (`node --inspect --import tsx server/serve.ts`): `npm start`
// is the supervisor (releases/supervisor.ts), which runs this entry point in a child process
// for each release, adding `--listen-fd 3` (its socket) and `--assets-from <client folder>` for
// each earlier release kept (server/supervision.ts).
// First: stops an older Node before a module built for Node 24 is loaded.
import "./node-runtime";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "./load-config";
import { serveSite } from "./main";
import { SERVE_OPTIONS } from "./supervision";
import { clientDirOf } from "#shared/build-dir.ts";

const USAGE = "Usage: npm run serve -- [--port <port>] [--dir <folder>]";

function readFlags() {
  try {
    return parseArgs({ options: SERVE_OPTIONS }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const flags = readFlags();
const config = loadConfig({ warn: false });
const port = flags.port === undefined ? config.port : Number(flags.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${flags.port}"`);
  process.exit(1);
}
const root = resolve(flags.dir ?? clientDirOf(process.env));
const fd = flags["listen-fd"] === undefined ? null : Number(flags["listen-fd"]);
if (fd !== null && (!Number.isInteger(fd) || fd < 3 || !process.send)) {
  console.error(
    "--listen-fd is for the supervisor (releases/supervisor.ts): a descriptor of 3 or more, with an IPC channel",
  );
  process.exit(2);
}

await serveSite(config, {
  root,
  port,
  what: flags.what ?? root,
  ...(fd === null ? {} : { supervised: { fd, olderRoots: (flags["assets-from"] ?? []).map((dir) => resolve(dir)) } }),
});
