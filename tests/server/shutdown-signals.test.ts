// Both servers of the production build shut down cleanly on the signals they are sent:
// the Node server on SIGINT (Ctrl-C of `npm start`; its SIGTERM is production.test.ts's),
// and the nginx runner on SIGTERM, which stops nginx and leaves nothing behind (its temp
// prefix). And the shipped nginx configuration redirects plain http to https.
import { existsSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { site } from "../support/browser/site-config";
import { buildSettingsEnv, startNginx, tempDataDir } from "../support/production-servers";
import { BUILD_CLIENT, requireBuild } from "../support/served-build";
import { startSiteProcess } from "../support/site-process";

beforeAll(() => requireBuild());

async function expectServing(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
}

it("the Node server exits cleanly on SIGINT", async () => {
  // Its own request database: a SQLite folder serves one server at a time.
  const data = tempDataDir();
  try {
    const server = await startSiteProcess({
      dir: BUILD_CLIENT,
      port: await freePort(),
      env: { ...buildSettingsEnv(), DATA_DIR: data.dir },
    });
    const url = server.origin;
    const exited = new Promise<number | null>((resolveExit) => server.child.once("exit", (code) => resolveExit(code)));
    try {
      await expectServing(url);
      server.child.kill("SIGINT");
      expect(await exited).toBe(0);
      expect(server.output()).toContain("SIGINT received");
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      if (server.child.exitCode === null) await server.kill();
    }
  } finally {
    data.remove();
  }
});

it("the nginx runner stops nginx gracefully on SIGTERM and removes its temp prefix", async () => {
  const server = await startNginx({ port: await freePort() });
  const url = server.origin;
  try {
    await expect
      .poll(
        () =>
          fetch(url).then(
            (response) => response.status,
            () => 0,
          ),
        { timeout: 5_000 },
      )
      .toBe(200);
    expect(existsSync(server.prefix)).toBe(true);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    expect(existsSync(server.prefix)).toBe(false);
  } finally {
    if (server.child.exitCode === null) await server.stop();
  }
});

it("the shipped nginx configuration redirects plain http to https, path and query kept", async () => {
  const [port, redirectPort] = [await freePort(), await freePort()];
  const server = await startNginx({ port, redirectPort });
  try {
    const redirectUrl = `http://127.0.0.1:${redirectPort}/who-we-are?ref=x`;
    await expect
      .poll(
        () =>
          fetch(redirectUrl, { redirect: "manual" }).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 5_000 },
      )
      .toBe(308);
    const response = await fetch(redirectUrl, { redirect: "manual" });
    expect(response.headers.get("location")).toBe(`https://${new URL(site.siteUrl).host}/who-we-are?ref=x`);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    if (server.child.exitCode === null) await server.stop();
  }
});
