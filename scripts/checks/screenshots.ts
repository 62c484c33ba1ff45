// Full-page PNGs of every route at a phone and a desktop width, for looking at the
// design before calling it done. Writes to screenshots/ (git-ignored).
//
//   npm run screenshots                         serves $BUILD_DIR/client (default build/) itself
//   npm run screenshots -- --base-url URL       shoots a site that is already running
//   npm run screenshots -- --dir D --port P --out O --only /mission --width 320
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, OFFLINE_ARGS } from "../../tests/support/e2e-env";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { CHROMIUM_PATH } from "./ensure-chromium";
import { clientDirOf } from "#shared/build-dir.ts";

export const SCREENSHOT_WIDTHS = [375, 1280] as const;
const VIEWPORT_HEIGHT = 800;
const SERVER_READY_TIMEOUT_MS = 15_000;
/** Any path that no route owns, to shoot the 404 page. */
const UNKNOWN_PATH = "/no-such-page";

const { values: options } = parseArgs({
  options: {
    "base-url": { type: "string" },
    dir: { type: "string", default: resolve(clientDirOf(process.env)) },
    port: { type: "string", default: "4390" },
    out: { type: "string", default: "screenshots" },
    only: { type: "string", multiple: true },
    width: { type: "string", multiple: true },
  },
});

const routes = [
  ...Object.values(ROUTES)
    .filter((page) => page !== ROUTES.notFound)
    .map((page) => page.path),
  requestPagePath("employer"),
  UNKNOWN_PATH,
].filter((path) => !options.only || options.only.includes(path));

/** A file name for a path: `/` is `home`, `/how-we-help` is `how-we-help`, a query is kept readable. */
export function fileStem(path: string): string {
  const stem = path.replace(/^\//, "").replace(/[/?=&]+/g, "-");
  return stem === "" ? "home" : stem;
}

async function waitForServer(url: string): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  throw new Error(`The server at ${url} did not start within ${SERVER_READY_TIMEOUT_MS} ms`);
}

async function main() {
  let server: ChildProcess | undefined;
  let baseUrl = options["base-url"];
  if (!baseUrl) {
    baseUrl = `http://127.0.0.1:${options.port}`;
    // One process (node with tsx's loader), so stopping it stops the server.
    server = spawn(
      process.execPath,
      ["--import", "tsx", "server/serve.ts", "--port", options.port!, "--dir", options.dir!],
      { stdio: "ignore" },
    );
    await waitForServer(`${baseUrl}/`);
  }

  const out = resolve(options.out!);
  mkdirSync(out, { recursive: true });
  // Nothing off this machine (OFFLINE_ARGS): a screenshot must not wait on the network.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS] });
  try {
    const widths = options.width?.map(Number) ?? SCREENSHOT_WIDTHS;
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT } });
      const page = await context.newPage();
      for (const path of routes) {
        await page.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle" });
        // Scroll through the page so lazy images load, then come back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 60));
          }
          window.scrollTo(0, 0);
          await Promise.all(
            Array.from(document.images, (image) =>
              image.complete
                ? null
                : new Promise((done) => {
                    image.addEventListener("load", done, { once: true });
                    image.addEventListener("error", done, { once: true });
                  }),
            ),
          );
        });
        await page.waitForLoadState("networkidle");
        const file = resolve(out, `${fileStem(path)}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill();
  }
}

await main();
