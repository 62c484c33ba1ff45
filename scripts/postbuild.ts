// After `react-router build`: turn the prerendered 404 into 404.html and drop what no route needs.
import { existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const client = resolve(process.env.BUILD_DIR ?? "build", "client");
const prerendered404 = resolve(client, "404/index.html");
if (!existsSync(prerendered404)) throw new Error("postbuild: build/client/404/index.html is missing");
renameSync(prerendered404, resolve(client, "404.html"));
rmSync(resolve(client, "404"), { recursive: true });
// Every route is prerendered and unknown paths get 404.html, so the SPA fallback is unused.
rmSync(resolve(client, "__spa-fallback.html"), { force: true });
