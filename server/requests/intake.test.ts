// @vitest-environment node
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readContent } from "#shared/content/read.ts";
import { MIN_FILL_MS } from "#shared/invitation/request-schema.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import { serverKey, takeRequests, type IntakeSettings } from "./intake";
import { countKept, readKept, RequestSpool, SPOOL_FOLDER } from "./spool";
import type { NewInvitationRequest, SaveOutcome, StoredInvitationRequest } from "./store";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const FIELDS = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.com",
  jobtitle: "VP Talent",
  company: "Analytical Engines",
};
const sent = (extra: Record<string, unknown> = {}) => ({
  mode: "candidate",
  fields: FIELDS,
  fillMs: MIN_FILL_MS + 1000,
  idempotencyKey: "0123456789abcdef0123456789abcdef",
  ...extra,
});
const arrival = {
  context: { pageUri: "https://network.example/request-invitation", pageName: "Request" },
  pageSource: null,
};

/** A store in memory that keeps what it is given and finds a request by its idempotency key. */
function memoryStore(behaviour: { fails?: boolean } = {}) {
  const saved: NewInvitationRequest[] = [];
  return {
    saved,
    async save(request: NewInvitationRequest): Promise<SaveOutcome> {
      if (behaviour.fails) throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.1"), { code: "ECONNREFUSED" });
      const first = saved.find((row) => row.idempotencyKey && row.idempotencyKey === request.idempotencyKey);
      if (first) return { stored: "repeat", first: first as unknown as StoredInvitationRequest };
      saved.push(request);
      return { stored: "new" };
    },
  };
}

function intake(
  store: IntakeSettings["store"],
  lines: string[] = [],
  now = () => NOW,
  spool: IntakeSettings["spool"] = null,
) {
  return takeRequests({
    spool,
    store,
    site: parseSiteConfig({}),
    words: readContent("requestInvitation"),
    relayEnabled: true,
    notify: ["email"],
    acknowledge: true,
    roles: {
      roles: [
        {
          slug: "open-role",
          title: "VP, Talent Acquisition",
          closesAt: NOW + 60_000,
          lastModified: "2026-11-20",
          opensAt: 0,
          version: "v1",
          summary: "A role.",
        },
        {
          slug: "closed-role",
          title: "Director",
          closesAt: NOW - 60_000,
          lastModified: "2026-11-01",
          opensAt: 0,
          version: "v1",
          summary: "A role.",
        },
      ],
    },
    noticeVersion: "2026-11-25+abc",
    replyWithinHours: 48,
    log: (line) => lines.push(line),
    now,
  });
}

describe("the intake (server/requests/intake.ts)", () => {
  it("stores a valid request with its relay, notifications, acknowledgement, notice and open role", async () => {
    const store = memoryStore();
    const outcome = await intake(store)(sent({ role: "open-role" }), arrival);
    expect(outcome).toMatchObject({ kind: "stored", mode: "candidate", repeat: false });
    expect(store.saved[0]).toMatchObject({
      relay: "pending",
      notify: ["email"],
      acknowledge: true,
      noticeVersion: "2026-11-25+abc",
      held: null,
      role: { slug: "open-role", title: "VP, Talent Acquisition" },
      receivedAt: NOW,
      replyBy: NOW + 48 * 60 * 60 * 1000,
    });
  });

  it("refuses what the schema refuses, storing nothing; drops a closed or unknown role without refusing", async () => {
    const store = memoryStore();
    const take = intake(store);
    expect(await take(sent({ fields: { ...FIELDS, email: "not an address" } }), arrival)).toMatchObject({
      kind: "invalid",
      problems: { email: { code: "email" } },
    });
    expect(store.saved).toEqual([]);
    for (const role of ["closed-role", "no-such-role", "../x"]) {
      expect(await take(sent({ role, idempotencyKey: null }), arrival)).toMatchObject({ kind: "stored" });
    }
    expect(store.saved.map((request) => request.role)).toEqual([null, null, null]);
  });

  it("holds a request sent faster than a person fills the form: stored, never dropped", async () => {
    const store = memoryStore();
    expect(await intake(store)(sent({ fillMs: 100 }), arrival)).toMatchObject({ kind: "stored", repeat: false });
    expect(store.saved[0]!.held).toBe("fill-time");
    // Its promise starts when it is admitted.
    expect(store.saved[0]!.replyBy).toBeNull();
  });

  it("stores a retried send once; the same key with other words is a request of its own", async () => {
    const store = memoryStore();
    const take = intake(store);
    const first = await take(sent(), arrival);
    const again = await take(sent(), arrival);
    expect(again).toEqual({ ...first, repeat: true });
    const other = await take(sent({ fields: { ...FIELDS, company: "Another" } }), arrival);
    expect(other).toMatchObject({ kind: "stored", repeat: false });
    expect(store.saved).toHaveLength(2);
    // Stored under a key the server made from its id: a visitor's key never has a colon.
    expect(store.saved[1]!.idempotencyKey).toBe(serverKey(store.saved[1]!.id));
  });

  it("stores once a retry that straddles its role's closing moment, answering it as the first", async () => {
    const store = memoryStore();
    const closesAt = NOW + 60_000;
    let now = closesAt;
    const take = intake(store, [], () => now);
    const first = await take(sent({ role: "open-role" }), arrival);
    now = closesAt + 1;
    const again = await take(sent({ role: "open-role" }), arrival);
    expect(again).toEqual({ ...first, repeat: true });
    expect(store.saved).toHaveLength(1);
    expect(store.saved[0]!.role).toEqual({ slug: "open-role", title: "VP, Talent Acquisition" });
    // Another role sent with the same key is other words: a request of its own.
    expect(await take(sent({ role: "closed-role" }), arrival)).toMatchObject({ kind: "stored", repeat: false });
    expect(store.saved).toHaveLength(2);
  });

  it("answers unavailable when the store fails, logging its code and never the visitor's words", async () => {
    const lines: string[] = [];
    const outcome = await intake(memoryStore({ fails: true }), lines)(sent(), arrival);
    expect(outcome).toEqual({ kind: "unavailable", mode: "candidate" });
    expect(lines.join("\n")).toContain("ECONNREFUSED; answered 503");
    expect(lines.join("\n")).not.toMatch(/Ada|Lovelace|example\.com|10\.0\.0\.1/);
  });
});

describe("requests kept on the server while the store is away (server/requests/spool.ts)", () => {
  const folder = () => mkdtempSync(join(tmpdir(), "spool-"));
  const waitFor = async (done: () => boolean) => {
    for (let tries = 0; tries < 200 && !done(); tries += 1)
      await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  };

  it("keeps a request the store refuses, answers it as received, and stores it once when the store is back", async () => {
    const dataDir = folder();
    const behaviour = { fails: true };
    const store = memoryStore(behaviour);
    const lines: string[] = [];
    let woken = 0;
    const spool = new RequestSpool({ dataDir, log: (line) => lines.push(line), onStored: () => (woken += 1) });
    const take = intake(store, lines, () => NOW, spool);
    const first = await take(sent(), arrival);
    expect(first).toMatchObject({ kind: "stored", repeat: false });
    // Sent again with its key while kept: the same answer, kept once.
    expect(await take(sent(), arrival)).toEqual({ ...first, repeat: true });
    const other = await take(
      sent({ idempotencyKey: null, fields: { ...FIELDS, email: "grace@example.com" } }),
      arrival,
    );
    expect(other).toMatchObject({ kind: "stored", repeat: false });
    expect(spool.size).toBe(2);
    expect(countKept(dataDir)).toBe(2);
    expect(statSync(join(dataDir, SPOOL_FOLDER)).mode & 0o777).toBe(0o700);
    expect(store.saved).toEqual([]);

    behaviour.fails = false;
    await waitFor(() => spool.size === 0);
    expect(store.saved.map((request) => request.id)).toEqual([
      (first as { id: string }).id,
      (other as { id: string }).id,
    ]);
    expect(store.saved[1]!.idempotencyKey).toBe(serverKey(store.saved[1]!.id));
    expect(woken).toBe(2);
    expect(countKept(dataDir)).toBe(0);
    expect(lines.join("\n")).not.toMatch(/Ada|Lovelace|example\.com/);
    await spool.stop();
  });

  it("stores what a process that is gone kept, once, even when the store had it already", async () => {
    const dataDir = folder();
    const gone = new RequestSpool({ dataDir, pid: 2 ** 22 + 1, log: () => {} });
    const kept = await intake(memoryStore({ fails: true }), [], () => NOW, gone)(sent(), arrival);
    await gone.stop();
    const [file] = readdirSync(join(dataDir, SPOOL_FOLDER));
    const [copy] = readKept(join(dataDir, SPOOL_FOLDER, file!));

    // Its save had committed after all, late: the copy kept is the same request, stored once.
    const store = memoryStore();
    await store.save(copy!.request);
    const spool = new RequestSpool({ dataDir, log: () => {} });
    intake(store, [], () => NOW, spool);
    await waitFor(() => countKept(dataDir) === 0);
    expect(store.saved.map((request) => request.id)).toEqual([(kept as { id: string }).id]);
    expect(readdirSync(join(dataDir, SPOOL_FOLDER))).toEqual([`${process.pid}.jsonl`]);
    await spool.stop();
  });
});
