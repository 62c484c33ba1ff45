// Both servers shut down gracefully on the signals process managers send: they stop,
// exit with status 0, and leave nothing behind (the nginx runner's temp prefix).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { site } from "../support/browser/site-config";
import { expect, test } from "../support/browser/fixtures";
import { BUILD_CLIENT } from "../support/browser/server-targets";
import { freePort } from "../../scripts/lib/free-port";

/** Starts a script with tsx and resolves with the first stdout line matching `ready`. */
function startScript(args: string[], ready: RegExp) {
  // Its own request database: a SQLite folder serves one server at a time.
  const env = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), "ta-network-lifecycle-")) };
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { stdio: "pipe", env });
  let output = "";
  const readyLine = new Promise<RegExpMatchArray>((resolveReady, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolveReady(match);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  return { child, readyLine, exited, output: () => output };
}

async function expectServing(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
}

const stop = (child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals) => child.kill(signal);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`the Node server exits cleanly on ${signal}`, async () => {
    const server = startScript(["server/serve.ts", "--port", "0", "--dir", BUILD_CLIENT], /at (http:\/\/\S+)/);
    const [, url = ""] = await server.readyLine;
    await expectServing(url);
    stop(server.child, signal);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain(`${signal} received`);
    await expect(fetch(url)).rejects.toThrow();
  });
}

test("the nginx runner stops nginx gracefully on SIGTERM and removes its temp prefix", async () => {
  const port = await freePort();
  const buildDir = dirname(BUILD_CLIENT);
  const server = startScript(
    ["scripts/lib/serve-nginx.ts", "--port", String(port), "--build", buildDir],
    /at (http:\/\/\S+) \(prefix (\S+)\)/,
  );
  const [, url = "", prefix = ""] = await server.readyLine;
  await expect
    .poll(() =>
      fetch(url).then(
        (response) => response.status,
        () => 0,
      ),
    )
    .toBe(200);
  expect(existsSync(prefix)).toBe(true);
  stop(server.child, "SIGTERM");
  expect(await server.exited).toBe(0);
  await expect(fetch(url)).rejects.toThrow();
  expect(existsSync(prefix)).toBe(false);
});

test("the shipped nginx configuration redirects plain http to https, path and query kept", async () => {
  const [port, redirectPort] = [await freePort(), await freePort()];
  const server = startScript(
    [
      "scripts/lib/serve-nginx.ts",
      "--port",
      String(port),
      "--redirect-port",
      String(redirectPort),
      "--build",
      dirname(BUILD_CLIENT),
    ],
    /at (http:\/\/\S+)/,
  );
  await server.readyLine;
  const redirectUrl = `http://127.0.0.1:${redirectPort}/who-we-are?ref=x`;
  await expect
    .poll(() =>
      fetch(redirectUrl, { redirect: "manual" }).then(
        (r) => r.status,
        () => 0,
      ),
    )
    .toBe(301);
  const response = await fetch(redirectUrl, { redirect: "manual" });
  expect(response.headers.get("location")).toBe(`https://${new URL(site.siteUrl).hostname}/who-we-are?ref=x`);
  stop(server.child, "SIGTERM");
  expect(await server.exited).toBe(0);
});
