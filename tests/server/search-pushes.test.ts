/**
 * Each change of what a role's address shows reaches the search engines (docs/deployment/search-engines.md),
 * with the real server in a child process serving a build's timetable of roles, and local fakes of
 * Google's token endpoint and Indexing API (the key file's `token_uri`) and of IndexNow
 * (tests/support/fake-search-engines.ts): a start on a new build pushes the role it adds within
 * seconds, and its closing moment pushes the deletion with no restart; a restart between a change
 * and its push loses nothing; two servers on one PostgreSQL push each change once; a 429 waits,
 * then sends. The outbox's rules are the store contract's (tests/support/search-push-contract.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { ROLE_TIMETABLE_FILE, type RoleTimetable } from "#shared/roles/timetable.ts";
import { startFakeGoogle, startFakeIndexNow, type FakeGoogle, type FakeIndexNow } from "../support/fake-search-engines";
import { BASE_ENV, FAST_DELIVERY, SITE_URL, until } from "../support/requests-client";
import {
  fixtureSite,
  removeFixtureSite,
  runRequestsCommand,
  startSiteProcess,
  type SiteProcess,
} from "../support/site-process";
import { postgresTarget, sqliteTarget, type FreshStore } from "../support/store-targets";

const DAY_MS = 24 * 60 * 60 * 1000;
const INDEXNOW_KEY = "5e1f0c3a-7b2d-4c19";
const url = (path: string) => `${SITE_URL}${path}`;
const role = (slug: string, closesAt: number) => ({
  slug,
  title: slug,
  opensAt: Date.UTC(2026, 10, 20),
  closesAt,
  lastModified: "2026-11-20",
  version: `${slug}-1`,
  summary: `${slug}, Confidential, Remote: an executive talent acquisition role.`,
});

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The fakes, a build with `roles` and a fresh store; `serve` starts a server on them (again after a stop). */
async function setUp(fresh: FreshStore, roles: RoleTimetable["roles"], { indexNow: withIndexNow = true } = {}) {
  const [google, indexNow] = await Promise.all([startFakeGoogle(), startFakeIndexNow()]);
  const keys = mkdtempSync(join(tmpdir(), "search-keys-"));
  const dir = fixtureSite({ roles: { roles } });
  cleanups.push(
    () => google.close(),
    () => indexNow.close(),
    () => rmSync(keys, { recursive: true, force: true }),
    () => removeFixtureSite(dir),
  );
  const env = {
    ...BASE_ENV,
    ...FAST_DELIVERY,
    ...fresh.env,
    GOOGLE_INDEXING_KEY_FILE: google.writeKeyFile(keys),
    GOOGLE_INDEXING_API_ORIGIN: google.origin,
    ...(withIndexNow ? { INDEXNOW_KEY, INDEXNOW_ENDPOINT: indexNow.endpoint } : {}),
  };
  const serve = async (port?: number): Promise<SiteProcess> => {
    const server = await startSiteProcess({ dir, port: port ?? (await freePort()), env });
    cleanups.push(() => (server.child.exitCode === null ? server.kill() : undefined));
    return server;
  };
  /** Lays a new build's timetable where the server reads it, as a release would. */
  const rebuild = (next: RoleTimetable["roles"]) =>
    writeFileSync(join(dirname(dir), ROLE_TIMETABLE_FILE), JSON.stringify({ roles: next }));
  return { google, indexNow, serve, rebuild, env };
}

const googleSent = (google: FakeGoogle) => google.accepted().map(({ url: address, type }) => `${type} ${address}`);
const indexNowSent = (indexNow: FakeIndexNow) => indexNow.accepted().flatMap((post) => post.urlList);

describe("pushes to search engines", () => {
  it("a start on a new build pushes the role it adds within seconds; its closing moment pushes the deletion and IndexNow, with no restart", async () => {
    const start = Date.now();
    const { google, indexNow, serve, rebuild, env } = await setUp(await sqliteTarget.fresh(), [
      role("open-role", start + 30 * DAY_MS),
    ]);
    const first = await serve();
    await until(
      async () => googleSent(google),
      (sent) => sent.length === 1,
      "the first build's role",
    );
    expect(googleSent(google)).toEqual([`URL_UPDATED ${url("/roles/open-role")}`]);
    await until(
      async () => indexNowSent(indexNow),
      (sent) => sent.length === 3,
      "IndexNow's first post",
    );
    expect(indexNow.accepted()[0]).toMatchObject({
      host: "network.example",
      key: INDEXNOW_KEY,
      keyLocation: url(`/${INDEXNOW_KEY}.txt`),
    });
    expect(indexNowSent(indexNow).sort()).toEqual([url("/roles"), url("/roles/open-role"), url("/sitemap.xml")]);
    expect(first.output()).toContain(
      `[search] Google's Indexing API: on, told of each role that opens, changes or closes at ${google.origin} as site-pusher@network-example.iam.gserviceaccount.com`,
    );
    expect(first.output()).toContain(
      `[search] IndexNow: on, told of each role that opens, changes or closes at ${indexNow.endpoint}, its key file at ${url(`/${INDEXNOW_KEY}.txt`)}`,
    );
    await first.stop();

    // The next release adds a role that closes seconds after it goes live.
    // Long enough for the server to start on a loaded machine (7.8 s seen beside a busy
    // neighbour), so that the role is open when it does.
    const closesAt = Date.now() + 15_000;
    rebuild([role("open-role", start + 30 * DAY_MS), role("closing-soon", closesAt)]);
    const startedAt = Date.now();
    const second = await serve(first.port);
    await until(
      async () => googleSent(google),
      (sent) => sent.length === 2,
      "the added role",
    );
    // At the start, while the role is open: nothing reads the sitemap here, and its closing is still ahead.
    expect(google.accepted()[1]!.at).toBeGreaterThan(startedAt);
    expect(google.accepted()[1]!.at).toBeLessThan(closesAt);
    expect(googleSent(google)[1]).toBe(`URL_UPDATED ${url("/roles/closing-soon")}`);

    await until(
      async () => googleSent(google),
      (sent) => sent.length === 3,
      "the closed role",
      30_000,
    );
    expect(googleSent(google)[2]).toBe(`URL_DELETED ${url("/roles/closing-soon")}`);
    expect(google.accepted()[2]!.at).toBeGreaterThan(closesAt);
    await until(
      async () => indexNow.accepted().at(-1)?.urlList ?? [],
      (last) => last.includes(url("/roles/closing-soon")) && indexNow.accepted().length >= 3,
      "IndexNow's post of the closing",
    );
    expect([...indexNow.accepted().at(-1)!.urlList].sort()).toEqual([
      url("/roles"),
      url("/roles/closing-soon"),
      url("/sitemap.xml"),
    ]);
    // Every address once per change: open-role was not pushed again by the second start.
    expect(googleSent(google).filter((sent) => sent.includes("open-role"))).toHaveLength(1);

    const status = await runRequestsCommand(["status"], env);
    expect(status.stdout).toContain("Pushes to search engines: Google's Indexing API on, IndexNow on");
    expect(status.stdout).toContain(`to Google's Indexing API: URL_DELETED ${url("/roles/closing-soon")}`);
    await second.stop();
  });

  it("a restart between the change and its push loses nothing; a quota answer (429) waits, then sends; a channel left unset is off, and says so", async () => {
    const { google, indexNow, serve } = await setUp(
      await sqliteTarget.fresh(),
      [role("svp-talent", Date.now() + 30 * DAY_MS), role("vp-talent", Date.now() + 30 * DAY_MS)],
      { indexNow: false },
    );
    google.script.push(...Array.from({ length: 100 }, () => ({ status: 503 })));
    const first = await serve();
    await until(
      async () => google.publishes.length,
      (count) => count >= 1,
      "a first, failing publish",
    );
    await first.kill();
    // After the restart, Google says to slow down once.
    google.script.splice(0, google.script.length, { status: 429, headers: { "Retry-After": "1" } });
    const failed = google.publishes.length;
    const second = await serve(first.port);
    await until(
      async () => googleSent(google),
      (sent) => sent.length === 2,
      "the pushes after the restart",
      15_000,
    );
    expect(googleSent(google).sort()).toEqual([
      `URL_UPDATED ${url("/roles/svp-talent")}`,
      `URL_UPDATED ${url("/roles/vp-talent")}`,
    ]);
    const [limited, next] = google.publishes.slice(failed);
    expect(limited!.status).toBe(429);
    expect(next!.at - limited!.at).toBeGreaterThanOrEqual(1000);
    expect(second.output()).toContain(
      "[search] IndexNow: off (no INDEXNOW_KEY): Bing and the other IndexNow engines find new and closed roles when they next read the sitemap",
    );
    expect(indexNow.posts).toEqual([]);
  });

  it("two servers on one PostgreSQL push each change once", async () => {
    const roles = ["a", "b", "c", "d"].map((slug) => role(`role-${slug}`, Date.now() + DAY_MS));
    const { google, indexNow, serve } = await setUp(await postgresTarget.fresh(), roles);
    await Promise.all([serve(), serve()]);
    await until(
      async () => googleSent(google),
      (sent) => sent.length >= 4,
      "each role's push",
    );
    await until(
      async () => indexNowSent(indexNow),
      (sent) => sent.length >= 6,
      "IndexNow's posts",
    );
    // Time for a second push, were one coming.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    expect(googleSent(google).sort()).toEqual(roles.map((entry) => `URL_UPDATED ${url(`/roles/${entry.slug}`)}`));
    expect(indexNowSent(indexNow).sort()).toEqual(
      [...roles.map((entry) => url(`/roles/${entry.slug}`)), url("/roles"), url("/sitemap.xml")].sort(),
    );
  });
});
