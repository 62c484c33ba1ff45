/**
 * The update path end to end (issue 44, docs/deployment.md#updates-and-rollbacks), on SQLite and
 * on PostgreSQL: a checkout of a bare repository served by `npm start` under a steady load of
 * page views, hashed files and API posts with idempotency keys;
 * 1. a content edit is pushed and `npm run update` runs: the page has the new words;
 * 2. a change to the server's code (a response header) and to the request page's script:
 *    a new server process; the page loaded before still gets its old script;
 * 3. a broken edit: the update fails naming the file and the field, the site serves on
 *    unchanged, and the team's webhook gets one alert, also when the update runs again;
 * 4. `npm run rollback`: the words and the code of step 1 again.
 * No visitor's request fails at any step, and every post answered 201 is stored once.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { askServer } from "../../server/deploy/control";
import { STORE_TARGETS } from "../support/store-targets";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
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
  type LoadCounts,
} from "../support/update-rig";

const MISSION = "content/mission.yaml";
const WORDS = {
  first: "Three commitments behind every introduction",
  update: "Three promises behind every introduction",
  code: "Three promises we keep in every introduction",
};
/** The header the server-code change adds to every answer. */
const HEADER_LINE = `reply.header("Cache-Control", CACHE_CONTROL.revalidate);`;
/** A constant of the request page's after-send chunk: changing it gives the chunk a new hashed name. */
const CHUNK_CONSTANT = "export const SEND_TIMEOUT_MS = 20_000;";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const describeFigures = (label: string, counts: LoadCounts, extra = "") =>
  console.log(
    `[update figures] ${label}: ${counts.served} served, ${counts.failed} failed ${JSON.stringify(counts.failures)}, ` +
      `slowest ${counts.maxLatencyMs} ms${extra}`,
  );

// The two stores side by side: most of each run is waiting (for a server, a switch, a drain).
describe("the update path", () => {
  it.concurrent.each(STORE_TARGETS)(
    "on $name: updates, refuses a broken edit and rolls back, with no visitor's request failed",
    async (target) => {
      const hooks: WebhookReceiver = await startWebhookReceiver();
      cleanups.push(() => hooks.stop());
      const fresh = await target.fresh();
      const deployment = await makeDeployment({});
      cleanups.push(() => rmSync(deployment.root, { recursive: true, force: true }));
      // SQLite's own DATA_DIR, or (PostgreSQL) one for the control socket only.
      const dataDir = fresh.env.DATA_DIR ?? join(deployment.root, "data");
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = baseEnv({
        ...fresh.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        // Beside the checkout, removed with it: three releases' hard links to 56,000 files each.
        RELEASES_DIR: join(deployment.root, "releases"),
        RATE_LIMIT_MAX: "100000",
        NOTIFY_WEBHOOK_URL: hooks.url,
      });
      const server = await npmStart(deployment.checkout, env);
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
      const clientAssets = (client: string) =>
        readdirSync(join(client, "assets")).filter((file) => file.endsWith(".js"));
      const afterSendChunk = (client: string) =>
        `/assets/${clientAssets(client).find((file) => file.startsWith("after-send."))!}`;

      const first = await status();
      const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      const supervisor = parentOf(first.pid);
      const firstChunk = afterSendChunk(first.release.client);
      expect((await page("/mission")).body).toContain(WORDS.first);

      const load = startLoad(server.origin, {
        paths: ["/", "/mission", "/request-invitation", "/request-invitation?type=employer"],
        asset: () => firstChunk,
      });
      cleanups.push(() => load.stop());
      await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
      describeFigures(`${target.name}, before any update`, load.take(), `; RSS ${treeRssKb(supervisor)} kB`);

      /** Runs a command while sampling the memory of the supervisor and its servers; then the load's counts of that time. */
      const duringSwitch = async (label: string, args: string[]) => {
        const before = treeRssKb(supervisor);
        let peak = before;
        const sampling = setInterval(() => (peak = Math.max(peak, treeRssKb(supervisor))), 100);
        const run = await npmRun(deployment.checkout, args, env);
        // The replaced server's drain: its last answers count here too.
        await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
        clearInterval(sampling);
        const counts = load.take();
        describeFigures(label, counts, `; the command took ${run.ms} ms; RSS ${before} kB before, ${peak} kB at most`);
        return { run, counts };
      };

      // 1. A content edit.
      pushEdit(deployment.dev, "Mission: promises", [[MISSION, WORDS.first, WORDS.update]]);
      const contentUpdate = await duringSwitch(`${target.name}, content edit (push to live)`, ["update"]);
      expect(contentUpdate.run.code, contentUpdate.run.output).toBe(0);
      expect(contentUpdate.counts.failed, JSON.stringify(contentUpdate.counts.failures)).toBe(0);
      expect(contentUpdate.counts.served).toBeGreaterThan(0);
      expect((await page("/mission")).body).toContain(WORDS.update);
      const afterContent = await status();
      expect(afterContent.release.id).not.toBe(first.release.id);

      // 2. A change to the server's code and to the request page's script.
      pushEdit(deployment.dev, "A header of our own, and a longer send timeout", [
        [
          "server/http/site-server.ts",
          HEADER_LINE,
          `${HEADER_LINE}\n    reply.header("X-Update-Test", "code change");`,
        ],
        ["app/features/invitation/send-request.ts", CHUNK_CONSTANT, "export const SEND_TIMEOUT_MS = 20_001;"],
        [MISSION, WORDS.update, WORDS.code],
      ]);
      const codeUpdate = await duringSwitch(`${target.name}, server code change`, ["update"]);
      expect(codeUpdate.run.code, codeUpdate.run.output).toBe(0);
      expect(codeUpdate.counts.failed, JSON.stringify(codeUpdate.counts.failures)).toBe(0);
      const afterCode = await status();
      expect(afterCode.pid).not.toBe(afterContent.pid);
      const home = await page("/mission");
      expect(home.headers.get("x-update-test")).toBe("code change");
      expect(home.body).toContain(WORDS.code);
      // A page loaded before the switch asks for the chunk it knows: still there, beside the new one.
      const newChunk = afterSendChunk(afterCode.release.client);
      expect(newChunk).not.toBe(firstChunk);
      for (const chunk of [firstChunk, afterSendChunk(afterContent.release.client), newChunk]) {
        expect((await page(chunk)).status, chunk).toBe(200);
      }

      // 3. A broken edit: refused by the build, naming the file and the field; told once.
      const broken = pushEdit(deployment.dev, "Mission: no pillar title", [
        [MISSION, `title: ${WORDS.code}`, `title: ""`],
      ]);
      const refused = await duringSwitch(`${target.name}, broken edit`, ["update"]);
      expect(refused.run.code, refused.run.output).toBe(1);
      expect(refused.run.output).toContain("content/mission.yaml");
      expect(refused.run.output).toContain("pillars → intro → title");
      expect(refused.counts.failed).toBe(0);
      expect((await status()).pid).toBe(afterCode.pid);
      expect((await page("/mission")).body).toContain(WORDS.code);
      const again = await npmRun(deployment.checkout, ["update"], env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain("is left alone");
      const alerts = () =>
        hooks.received
          .map((hook) => JSON.parse(hook.body) as { event: string; update?: { commit: string; reason: string } })
          .filter((hook) => hook.event === "update-failed");
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]!.update!.commit).toBe(broken);
      expect(alerts()[0]!.update!.reason).toContain("pillars → intro → title");

      // 4. Back to the release before.
      const rolledBack = await duringSwitch(`${target.name}, rollback`, ["rollback"]);
      expect(rolledBack.run.code, rolledBack.run.output).toBe(0);
      expect(rolledBack.counts.failed, JSON.stringify(rolledBack.counts.failures)).toBe(0);
      const afterRollback = await status();
      expect(afterRollback.release.id).toBe(afterContent.release.id);
      expect(afterRollback.pid).not.toBe(afterCode.pid);
      const back = await page("/mission");
      expect(back.body).toContain(WORDS.update);
      expect(back.headers.get("x-update-test")).toBeNull();
      expect((await page(newChunk)).status).toBe(200);

      const shown = await npmRun(deployment.checkout, ["requests", "--", "status"], env);
      expect(shown.output).toMatch(
        new RegExp(
          `Live release: ${afterContent.release.id} \\(commit ${afterContent.release.commit!.slice(0, 12)}[^\\n]*by rollback`,
        ),
      );

      await load.stop();
      expect(load.take().failed).toBe(0);
      // A visitor's retry reaches whichever release is live now, often not the one that answered
      // it first: it gets the first answer's id and is not stored again (checked below).
      for (const post of load.acknowledged) {
        const again = await sendOnce(`${server.origin}${INVITATION_API_PATH}`, { body: post.body, timeoutMs: 15_000 });
        expect(JSON.parse(again.body), post.key).toMatchObject({ id: post.id });
      }
      const store = await fresh.open();
      cleanups.push(() => store.close());
      const stored = await store.list();
      const ids = stored.map((request) => request.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(load.acknowledged.map((post) => post.id).sort());
      expect(alerts()).toHaveLength(1);
    },
    600_000,
  );
});
