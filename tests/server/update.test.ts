/**
 * The update path end to end (issue 44, docs/deployment.md#updates-and-rollbacks): a checkout of a
 * bare repository served by `npm start` under a steady load of page views, hashed files and API
 * posts with idempotency keys. One deployment, its releases built once and switched on both stores:
 * 1. on SQLite, a change to the words, the server's code and the request page's script is pushed
 *    and `npm run update` runs: the page has the new words, a new server process the new header,
 *    and a page loaded before still gets its old script;
 * 2. the control socket is sent what it does not understand: each gets an error, the site serves on;
 * 3. a broken edit: the update fails naming the file and the field, the site serves on
 *    unchanged, and the team's webhook gets one alert, also when the update runs again;
 * 4. the same deployment served on PostgreSQL (its live release, the one built in 1), then
 *    `npm run rollback`: the words and the code of the checkout again.
 * No visitor's request fails at any switch, and every post answered 201 is stored once.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { askServer, controlSocketPath } from "../../releases/control";
import { STORE_TARGETS, type StoreTarget } from "../support/store-targets";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { baseEnv } from "../support/site-process";
import { INVITATION_API_PATH } from "#shared/invitation/request-schema.ts";
import { sendOnce } from "../support/requests-client";
import {
  makeDeployment,
  npmRun,
  npmStart,
  pushEdit,
  startLoad,
  treeRssKb,
  type Deployment,
  type LoadCounts,
  type Started,
} from "../support/update-rig";

const MISSION = "content/mission.yaml";
const WORDS = {
  first: "Three commitments behind every introduction",
  update: "Three promises we keep in every introduction",
};
/** The header the server-code change adds to every answer. */
const HEADER_LINE = `reply.header("Cache-Control", CACHE_CONTROL.revalidate);`;
/** A constant of the request page's after-send chunk: changing it gives the chunk a new hashed name. */
const CHUNK_CONSTANT = "export const SEND_TIMEOUT_MS = 20_000;";
const PATHS = ["/", "/mission", "/request-invitation", "/request-invitation?type=employer"];

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const describeFigures = (label: string, counts: LoadCounts, extra = "") =>
  console.log(
    `[update figures] ${label}: ${counts.served} served, ${counts.failed} failed ${JSON.stringify(counts.failures)}, ` +
      `slowest ${counts.maxLatencyMs} ms (GET ${counts.maxGetMs} ms)${extra}`,
  );

/** One raw request line to the control socket, and its answer. */
function askRaw(dataDir: string, line: string): Promise<unknown> {
  return new Promise((answered, failed) => {
    const socket = connect(controlSocketPath(dataDir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", failed);
    socket.on("end", () => {
      try {
        answered(JSON.parse(answer));
      } catch {
        failed(new Error(`the supervisor gave no answer to ${JSON.stringify(line)}`));
      }
    });
    socket.on("connect", () => socket.end(line));
  });
}

/** `npm start` of the deployment on `target`'s fresh store, and what a test asks of it. */
async function serve(deployment: Deployment, target: StoreTarget, shared: Record<string, string>) {
  const fresh = await target.fresh();
  // SQLite's own DATA_DIR, or (PostgreSQL) one for the control socket only.
  const dataDir = fresh.env.DATA_DIR ?? join(deployment.root, `data-${target.name}`);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = baseEnv({ ...fresh.env, ...shared, DATA_DIR: dataDir, PORT: String(await freePort()) });
  const server: Started = await npmStart(deployment.checkout, env);
  cleanups.push(() => server.stop());
  const status = async () => {
    const answer = await askServer(dataDir, { command: "status" }, 5000);
    if (!answer.ok) throw new Error(answer.error);
    return answer.serving;
  };
  const page = async (path: string) => {
    const response = await fetch(`${server.origin}${path}`);
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  let loadAsset = "/favicon.ico";
  const load = startLoad(server.origin, { paths: PATHS, asset: () => loadAsset });
  cleanups.push(() => load.stop());
  /** The supervisor: the parent of the server it runs. */
  const supervisor = async () =>
    Number(
      readFileSync(`/proc/${(await status()).pid}/stat`, "utf8")
        .split(") ")[1]!
        .split(" ")[1],
    );
  /** Runs an update or a rollback while sampling the memory of the supervisor and its servers; then the load's counts of that time. */
  const duringSwitch = async (label: string, args: string[]) => {
    const root = await supervisor();
    const before = treeRssKb(root);
    let peak = before;
    const sampling = setInterval(() => (peak = Math.max(peak, treeRssKb(root))), 100);
    const run = await npmRun(deployment.checkout, args, env);
    // The replaced server's drain: its last answers count here too.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    clearInterval(sampling);
    const counts = load.take();
    describeFigures(
      `${target.name}, ${label}`,
      counts,
      `; the command took ${run.ms} ms; RSS ${before} kB before, ${peak} kB at most`,
    );
    for (const slow of counts.slow) {
      const around = server.lines().filter((line) => Math.abs(line.at - slow.at) < slow.ms + 2000);
      console.log(`[update figures]   slow: ${JSON.stringify(slow)}; the server said then: ${JSON.stringify(around)}`);
    }
    return { run, counts };
  };
  /** Stops the load, sends every acknowledged post again (a visitor's retry) and checks each is stored once. */
  const finish = async () => {
    await load.stop();
    expect(load.take().failed).toBe(0);
    // A visitor's retry reaches whichever release is live now, often not the one that answered
    // it first: it gets the first answer's id and is not stored again.
    for (const post of load.acknowledged) {
      const again = await sendOnce(`${server.origin}${INVITATION_API_PATH}`, { body: post.body, timeoutMs: 15_000 });
      expect(JSON.parse(again.body), post.key).toMatchObject({ id: post.id });
    }
    const store = await fresh.open();
    cleanups.push(() => store.close());
    const ids = (await store.list()).map((request) => request.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(load.acknowledged.map((post) => post.id).sort());
    await server.stop();
  };
  return {
    env,
    dataDir,
    status,
    page,
    duringSwitch,
    finish,
    useAsset: (asset: string) => (loadAsset = asset),
    loadTake: () => load.take(),
  };
}

const clientAssets = (client: string) => readdirSync(join(client, "assets")).filter((file) => file.endsWith(".js"));
const afterSendChunk = (client: string) =>
  `/assets/${clientAssets(client).find((file) => file.startsWith("after-send."))!}`;

describe("the update path", () => {
  it("updates on SQLite, refuses a broken edit and rolls back on PostgreSQL, with no visitor's request failed", async () => {
    const [sqlite, postgres] = [
      STORE_TARGETS.find((target) => target.name === "SQLite")!,
      STORE_TARGETS.find((target) => target.name === "PostgreSQL")!,
    ];
    const hooks = await startWebhookReceiver();
    cleanups.push(() => hooks.stop());
    const deployment = await makeDeployment({});
    cleanups.push(() => rmSync(deployment.root, { recursive: true, force: true }));
    const shared = {
      // Beside the checkout, removed with it: the releases' hard links to 56,000 files each.
      RELEASES_DIR: join(deployment.root, "releases"),
      RATE_LIMIT_MAX: "100000",
      NOTIFY_WEBHOOK_URL: hooks.url,
    };

    // On SQLite.
    const site = await serve(deployment, sqlite, shared);
    const first = await site.status();
    const firstChunk = afterSendChunk(first.release.client);
    site.useAsset(firstChunk);
    expect((await site.page("/mission")).body).toContain(WORDS.first);
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    describeFigures("SQLite, before any update", site.loadTake());

    // 1. The words, the server's code and the request page's script, in one push.
    pushEdit(deployment.dev, "Mission: promises; a header of our own; a longer send timeout", [
      [MISSION, WORDS.first, WORDS.update],
      [
        "server/http/policy-headers.ts",
        HEADER_LINE,
        `${HEADER_LINE}\n    reply.header("X-Update-Test", "code change");`,
      ],
      ["app/features/invitation/send-request.ts", CHUNK_CONSTANT, "export const SEND_TIMEOUT_MS = 20_001;"],
    ]);
    const updated = await site.duringSwitch("update (words, server code, script)", ["update"]);
    expect(updated.run.code, updated.run.output).toBe(0);
    expect(updated.counts.failed, JSON.stringify(updated.counts.failures)).toBe(0);
    expect(updated.counts.served).toBeGreaterThan(0);
    const afterUpdate = await site.status();
    expect(afterUpdate.release.id).not.toBe(first.release.id);
    expect(afterUpdate.pid).not.toBe(first.pid);
    const mission = await site.page("/mission");
    expect(mission.body).toContain(WORDS.update);
    expect(mission.headers.get("x-update-test")).toBe("code change");
    // A page loaded before the switch asks for the chunk it knows: still there, beside the new one.
    const newChunk = afterSendChunk(afterUpdate.release.client);
    expect(newChunk).not.toBe(firstChunk);
    for (const chunk of [firstChunk, newChunk]) expect((await site.page(chunk)).status, chunk).toBe(200);

    // 2. What the control socket does not understand is answered, and ends nothing.
    const release = { id: "x", dir: "/", client: "/", commit: null, subject: null };
    for (const line of [
      "null\n",
      '{"command":"switch"}\n',
      "garbage",
      JSON.stringify({ command: "switch", release, olderRoots: [] }),
    ]) {
      expect(await askRaw(site.dataDir, line), line).toMatchObject({ ok: false, error: expect.any(String) });
    }
    expect((await site.status()).pid).toBe(afterUpdate.pid);

    // 3. A broken edit: refused by the build, naming the file and the field; told once.
    const broken = pushEdit(deployment.dev, "Mission: no pillar title", [
      [MISSION, `title: ${WORDS.update}`, `title: ""`],
    ]);
    const refused = await site.duringSwitch("broken edit", ["update"]);
    expect(refused.run.code, refused.run.output).toBe(1);
    expect(refused.run.output).toContain("content/mission.yaml");
    expect(refused.run.output).toContain("pillars → intro → title");
    expect(refused.counts.failed).toBe(0);
    expect((await site.status()).pid).toBe(afterUpdate.pid);
    expect((await site.page("/mission")).body).toContain(WORDS.update);
    const again = await npmRun(deployment.checkout, ["update"], site.env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain("is left alone");
    const alerts = () =>
      hooks.received
        .map((hook) => JSON.parse(hook.body) as { event: string; update?: { commit: string; reason: string } })
        .filter((hook) => hook.event === "update-failed");
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.update!.commit).toBe(broken);
    expect(alerts()[0]!.update!.reason).toContain("pillars → intro → title");
    await site.finish();

    // 4. The same deployment on PostgreSQL: it serves the live release, then rolls back to the checkout.
    const other = await serve(deployment, postgres, shared);
    expect((await other.status()).release.id).toBe(afterUpdate.release.id);
    other.useAsset(newChunk);
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    describeFigures("PostgreSQL, before the rollback", other.loadTake());
    const rolledBack = await other.duringSwitch("rollback", ["rollback"]);
    expect(rolledBack.run.code, rolledBack.run.output).toBe(0);
    expect(rolledBack.counts.failed, JSON.stringify(rolledBack.counts.failures)).toBe(0);
    const afterRollback = await other.status();
    expect(afterRollback.release.id).toBe(first.release.id);
    const back = await other.page("/mission");
    expect(back.body).toContain(WORDS.first);
    expect(back.headers.get("x-update-test")).toBeNull();
    // The release rolled back from stays kept: its script too is answered.
    expect((await other.page(newChunk)).status).toBe(200);
    const shown = await npmRun(deployment.checkout, ["requests", "--", "status"], other.env);
    expect(shown.output).toMatch(new RegExp(`Live release: ${first.release.id} \\(commit [^\\n]*by rollback`));
    await other.finish();
    expect(alerts()).toHaveLength(1);
  }, 600_000);
});
