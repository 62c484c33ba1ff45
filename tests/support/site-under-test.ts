/**
 * The real server in a child process on a fresh store, per test, for the server specs
 * (faults, production, notifications): call siteUnderTest at describe level, then start()
 * in a test. Everything it starts, and whatever a test adds to `cleanups`, is stopped
 * after the test, last first.
 */
import { afterEach } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import type { RequestStore } from "../../server/requests/store";
import { BASE_ENV } from "./requests-client";
import { fixtureSite, removeFixtureSite, startSiteProcess, type SiteProcess } from "./site-process";
import type { FreshStore, StoreTarget } from "./store-targets";

export function siteUnderTest(target: StoreTarget) {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Serves a fixture site on a fresh store with `env`; `handle.start()` restarts it on the same port and store. */
  async function start(env: Record<string, string> = {}, site: Parameters<typeof fixtureSite>[0] = {}) {
    const fresh: FreshStore = await target.fresh();
    const dir = fixtureSite(site);
    cleanups.push(() => removeFixtureSite(dir));
    const port = await freePort();
    const startServer = () => startSiteProcess({ dir, port, env: { ...BASE_ENV, ...fresh.env, ...env } });
    const handle = { server: await startServer(), start: startServer };
    cleanups.push(() => (handle.server.child.exitCode === null ? handle.server.kill() : undefined));
    const store: RequestStore = await fresh.open();
    cleanups.push(() => store.close());
    return { handle, store, fresh };
  }

  return { start, cleanups };
}

/** A fixture site served with `env` (over BASE_ENV), on a port of its own; `cleanups` stops the server and removes the site. */
export async function serveFixture(
  cleanups: (() => Promise<unknown> | void)[],
  env: Record<string, string>,
): Promise<SiteProcess> {
  const dir = fixtureSite();
  cleanups.push(() => removeFixtureSite(dir));
  const server = await startSiteProcess({ dir, port: await freePort(), env: { ...BASE_ENV, ...env } });
  cleanups.push(() => (server.child.exitCode === null ? server.kill() : undefined));
  return server;
}
