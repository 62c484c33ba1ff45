// @vitest-environment node
import { describe, expect, it } from "vitest";
import { runCommandInProcess } from "../../tests/support/run-command";
import { sampleRequest } from "../../tests/support/store-contract";
import { tempSqliteStores } from "../../tests/support/temp-sqlite-stores";
import type { RequestStore } from "../requests/store";
import { COMMANDS, USAGE } from "./cli";

const tempStore = tempSqliteStores("cli");
const NOW = sampleRequest(0).receivedAt + 60_000;

const run = (argv: string[], store: RequestStore | null = null) => runCommandInProcess(argv, { store, now: () => NOW });

describe("the usage", () => {
  it("has one line per command of the table, with --silent where stdout is data", () => {
    expect(USAGE.split("\n").slice(1)).toHaveLength(Object.keys(COMMANDS).length);
    expect(USAGE).toContain("  npm run --silent requests -- export [--format json|csv]");
    expect(USAGE).toContain("  npm run requests -- retry");
    expect(USAGE).toContain("  npm run --silent requests -- show --email <address>");
    expect(USAGE).toContain("  npm run requests -- admit --id <id>");
    expect(USAGE).toContain("  npm run requests -- answer <id> invite|decline|other");
  });
});

describe("a wrong command line", () => {
  it.each([
    [[], "No command given."],
    [["retyr"], 'Unknown command "retyr".'],
    [["erase"], "--email <address> is required."],
    [["show", "--email", "not-an-address"], "--email <address> is required."],
    [["export", "--format", "xml"], '--format must be json or csv, got "xml".'],
    [["admit"], "--id <id> is required"],
    [["status", "--verbose"], "--verbose"],
    [["answer"], "<id> is required"],
    [["answer", "some-id", "accept"], 'The answer must be invite, decline, other, got "accept".'],
    [["answer", "some-id", "invite", "now"], 'Unexpected "now": answer takes 2 values.'],
  ])("%j: says what is wrong, prints the usage, exits 2 and opens no store", async (argv, message) => {
    const result = await run(argv);
    expect(result).toMatchObject({ code: 2, stdout: "", opened: false });
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(USAGE);
  });
});

describe("the commands, in process", () => {
  it("export: JSON or CSV on stdout, the count on stderr; --format=csv as well as --format csv", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const json = await run(["export"], store);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id: sampleRequest(1).id })]);
    expect(json.stderr).toBe(`1 request from the ${store.description}.`);
    const csv = await run(["export", "--format=csv"], store);
    expect(csv.stdout.split("\r\n")[0]).toContain("id");
  });

  it("retry: queues failed relays again and says how many", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    const [claim] = await store.claimRelays("worker", NOW, 60_000, 1);
    await store.markFailed(claim!.id, "worker", "HubSpot answered 400");
    const result = await run(["retry"], store);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Queued 1 failed request for the relay again (${store.description}).`);
    expect((await store.list())[0]?.relay).toBe("pending");
  });

  it("admit: exits 1 for an id that is not stored, 0 for one that is not held", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1));
    expect(await run(["admit", "--id", "nope"], store)).toMatchObject({
      code: 1,
      stderr: "No request with id nope is stored.",
    });
    expect(await run(["admit", "--id", sampleRequest(1).id], store)).toMatchObject({
      code: 0,
      stderr: `Request ${sampleRequest(1).id} is not held: nothing to admit.`,
    });
  });

  it.each([
    ["no acknowledgement", {}, "tells the team as if it had just arrived (", ")."],
    [
      "the site's acknowledgement",
      { SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL_TO: "ops@example.org" },
      "tells the team (and the requester) as if it had just arrived (",
      ").",
    ],
    [
      "HubSpot's acknowledgement",
      {
        HUBSPOT_PORTAL_ID: "1234567",
        HUBSPOT_FORM_ID_CANDIDATE: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f",
        HUBSPOT_FORM_ID_EMPLOYER: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
      },
      "tells the team as if it had just arrived (",
      "); HubSpot's form tells the requester once it is relayed.",
    ],
  ])("admit: says who is told of an admitted request, with %s", async (_case, env, says, ends) => {
    const store = tempStore();
    const held = sampleRequest(1, { held: "honeypot" });
    await store.save(held);
    const result = await runCommandInProcess(["admit", "--id", held.id], { store, env, now: () => NOW });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Admitted ${held.id}: the server relays it and ${says}`);
    expect(result.stderr.endsWith(ends)).toBe(true);
  });

  it("release, admit's older name, still admits a held request", async () => {
    const store = tempStore();
    const held = sampleRequest(1, { held: "fill-time" });
    await store.save(held);
    const result = await runCommandInProcess(["release", "--id", held.id], { store, env: {}, now: () => NOW });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Admitted ${held.id}`);
    expect(await run(["release", "--id", held.id], store)).toMatchObject({
      code: 0,
      stderr: `Request ${held.id} is not held: nothing to admit.`,
    });
  });

  it("answer: records the team's answer once, and refuses a request held, answered already or not stored", async () => {
    const store = tempStore();
    const replyBy = NOW + 48 * 60 * 60 * 1000;
    await store.save(sampleRequest(1, { replyBy }));
    await store.save(sampleRequest(2, { held: "honeypot" }));
    const mail = { SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL_TO: "ops@example.org" };
    const answer = (argv: string[], env: Record<string, string> = mail) =>
      runCommandInProcess(["answer", ...argv], { store, env, now: () => NOW });
    const id = sampleRequest(1).id;
    expect(await answer([id, "decline"])).toMatchObject({
      code: 0,
      stderr: `Recorded: ${id} answered decline (${store.description}). The server emails the requester the site's words for it within seconds.`,
    });
    expect(await store.findRequest(id)).toMatchObject({ answer: "decline", answeredAt: NOW });
    expect((await store.listNotifications()).map((row) => [row.kind, row.channel])).toEqual([
      ["outcome", "requester-outcome"],
    ]);
    expect(await answer([id, "invite"])).toMatchObject({
      code: 1,
      stderr: `Request ${id} was already answered (decline) at ${new Date(NOW).toISOString()}: that answer stands. Nothing was recorded.`,
    });
    expect((await answer([sampleRequest(2).id, "invite"])).stderr).toContain(
      `is held as likely automated: send it on first (npm run requests -- admit --id ${sampleRequest(2).id})`,
    );
    expect(await answer(["no-such-id", "other"])).toMatchObject({
      code: 1,
      stderr: "No request with id no-such-id is stored: it was erased, or never was. Nothing was recorded.",
    });
    // Where the site does not email requesters, the team is told to.
    await store.save(sampleRequest(3));
    expect((await answer([sampleRequest(3).id, "invite"], {})).stderr).toContain(
      "The site does not email requesters here (ACKNOWLEDGEMENT_SENDER): tell them yourself.",
    );
  });

  it("admit: starts the promise's clock when a held request is sent on", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1, { held: "honeypot" }));
    await runCommandInProcess(["admit", "--id", sampleRequest(1).id], {
      store,
      env: { REPLY_WITHIN_HOURS: "24" },
      now: () => NOW,
    });
    expect((await store.findRequest(sampleRequest(1).id))?.replyBy).toBe(NOW + 24 * 60 * 60 * 1000);
  });

  it("status: the counts on stdout", async () => {
    const store = tempStore();
    await store.save(sampleRequest(1, { receivedAt: NOW - 1000 }));
    const result = await run(["status"], store);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Requests stored in the last day: 1\n");
  });
});
