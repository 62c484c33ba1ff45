// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startFakeGoogle,
  startFakeIndexNow,
  type FakeGoogle,
  type FakeIndexNow,
} from "../../tests/support/fake-search-engines";
import { googleIndexing, readServiceAccountKey } from "./google-indexing";
import { submitToIndexNow } from "./indexnow";

let dir: string;
let google: FakeGoogle;
let indexNow: FakeIndexNow;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "google-key-"));
  [google, indexNow] = await Promise.all([startFakeGoogle(), startFakeIndexNow()]);
});
afterAll(async () => {
  await Promise.all([google.close(), indexNow.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const signal = () => AbortSignal.timeout(5000);
const URL_A = "https://network.example/roles/a";

describe("the service account's key file", () => {
  it("is refused naming the variable and what is wrong, never quoting the file", () => {
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const secret = "-----BEGIN PRIVATE KEY-----\nMIIsecretsecretsecret\n-----END PRIVATE KEY-----\n";
    const cases = [
      [write("a.json", "not json " + secret), "is not JSON"],
      [write("b.json", JSON.stringify({ type: "authorized_user", private_key: secret })), "is not a service account"],
      [
        write("c.json", JSON.stringify({ type: "service_account", client_email: "x@y.z", private_key: secret })),
        "private_key",
      ],
      [join(dir, "missing.json"), "cannot be read (ENOENT)"],
    ] as const;
    for (const [path, problem] of cases) {
      let message = "";
      try {
        readServiceAccountKey(path);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("GOOGLE_INDEXING_KEY_FILE");
      expect(message).toContain(problem);
      expect(message).not.toContain("secret");
    }
  });
});

describe("a publish to Google's Indexing API", () => {
  it("signs with the key through google-auth-library, trades it at the key's token_uri, and publishes", async () => {
    const key = readServiceAccountKey(google.writeKeyFile(dir));
    const client = googleIndexing({ key, apiOrigin: google.origin, timeoutMs: 2000 });
    expect(await client.publish(URL_A, "URL_UPDATED", signal())).toEqual({ kind: "sent" });
    expect(await client.publish(URL_A, "URL_DELETED", signal())).toEqual({ kind: "sent" });
    expect(google.accepted().map(({ url, type }) => [url, type])).toEqual([
      [URL_A, "URL_UPDATED"],
      [URL_A, "URL_DELETED"],
    ]);
    // The token is kept until it expires.
    expect(google.tokensGiven).toBe(1);
  });

  it("stops on a 403, waits out a 429 (to the quota's next day when the day's is spent), retries a 5xx, drops a 400", async () => {
    const now = Date.UTC(2026, 10, 27, 18);
    const client = googleIndexing({
      key: readServiceAccountKey(google.writeKeyFile(dir)),
      apiOrigin: google.origin,
      timeoutMs: 2000,
      now: () => now,
    });
    google.script.push(
      {
        status: 403,
        body: JSON.stringify({ error: { message: "Permission denied. Failed to verify the URL ownership." } }),
      },
      { status: 429, headers: { "Retry-After": "7" } },
      { status: 429, body: JSON.stringify({ error: { message: "Quota exceeded for 'Publish requests per day'" } }) },
      { status: 503 },
      {
        status: 400,
        body: JSON.stringify({ error: { message: "Invalid attribute. 'url' is not in standard URL format" } }),
      },
    );
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) outcomes.push(await client.publish(URL_A, "URL_UPDATED", signal()));
    expect(outcomes[0]).toMatchObject({ kind: "refused", scope: "channel", summary: "answered 403" });
    expect(outcomes[0]!.kind === "refused" && outcomes[0]!.reason).toContain("Failed to verify the URL ownership");
    expect(outcomes[1]).toMatchObject({ kind: "retry", retryAfterMs: 7000 });
    // 10:00 PST; the quota's day ends at midnight Pacific, 08:00 UTC.
    expect(outcomes[2]).toMatchObject({
      kind: "retry",
      quotaSpent: true,
      retryAfterMs: Date.UTC(2026, 10, 28, 8) - now,
    });
    expect(outcomes[3]).toMatchObject({ kind: "retry", retryAfterMs: null });
    expect(outcomes[4]).toMatchObject({ kind: "refused", scope: "row" });
  });

  it("stops when the token endpoint refuses the key itself, without quoting it", async () => {
    const key = {
      ...readServiceAccountKey(google.writeKeyFile(dir)),
      clientEmail: "someone-else@example.iam.gserviceaccount.com",
    };
    const outcome = await googleIndexing({ key, apiOrigin: google.origin, timeoutMs: 2000 }).publish(
      URL_A,
      "URL_UPDATED",
      signal(),
    );
    expect(outcome).toMatchObject({ kind: "refused", scope: "channel" });
    expect(JSON.stringify(outcome)).toContain("invalid_grant");
    expect(JSON.stringify(outcome)).not.toContain("PRIVATE KEY");
  });
});

describe("a post to IndexNow", () => {
  it("sends the host, the key, its file under SITE_URL and the addresses; stops on 403 and 422, waits on 429", async () => {
    const options = {
      key: "a1b2c3d4-e5f6",
      endpoint: indexNow.endpoint,
      siteUrl: "https://network.example",
      timeoutMs: 2000,
    };
    expect(await submitToIndexNow(options, [URL_A, "https://network.example/roles"], signal())).toEqual({
      kind: "sent",
    });
    expect(indexNow.accepted()).toEqual([
      {
        host: "network.example",
        key: "a1b2c3d4-e5f6",
        keyLocation: "https://network.example/a1b2c3d4-e5f6.txt",
        urlList: [URL_A, "https://network.example/roles"],
        status: 200,
      },
    ]);
    indexNow.script.push(
      { status: 403 },
      { status: 422 },
      { status: 429, headers: { "Retry-After": "3" } },
      { status: 202 },
    );
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await submitToIndexNow(options, [URL_A], signal()));
    expect(outcomes.map((outcome) => [outcome.kind, "scope" in outcome ? outcome.scope : null])).toEqual([
      ["refused", "channel"],
      ["refused", "channel"],
      ["retry", null],
      ["sent", null],
    ]);
    expect(outcomes[2]).toMatchObject({ retryAfterMs: 3000 });
  });
});
