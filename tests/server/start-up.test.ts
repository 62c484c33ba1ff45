/**
 * A deployment whose settings are slightly wrong is told what to fix without printing a
 * secret (docs/product.md#configuration): for each value that can hold a password, the
 * server's start and the requests command exit non-zero, name the variable, and print
 * nothing of the password, whether the configuration refuses the value or a library
 * fails on it later. A public SITE_URL with the example site facts stops the start too;
 * an editor no one may sign in to (EDITORS unset) is named as the server starts, and so is a mail
 * server that refuses SMTP_URL's login (and `requests -- status` keeps it, with the fix).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_SITE_FACTS } from "#shared/site-config.ts";
import { freePort } from "../../scripts/lib/free-port";
import { writePolicyConfig } from "../../server/http/policy-config";
import { startMailSink } from "../support/mail-sink";
import { tempDataDir } from "../support/production-servers";
import { until } from "../support/requests-client";
import {
  fixtureSite,
  removeFixtureSite,
  runRequestsCommand,
  runToExit,
  startSiteProcess,
} from "../support/site-process";

const PASSWORD = "pa55-w0rd-never-shown";

let dir: string;
let closedPort: number;
beforeAll(async () => {
  dir = fixtureSite();
  // Nothing listens there: a database that refuses every connection.
  closedPort = await freePort();
});
afterAll(() => removeFixtureSite(dir));

const CASES: [string, string, () => Record<string, string>][] = [
  [
    "NOTIFY_WEBHOOK_URL",
    "a user and password in it",
    () => ({
      NOTIFY_WEBHOOK_URL: `https://bot:${PASSWORD}@hooks.example.org/notify`,
    }),
  ],
  ["DATABASE_URL", "a malformed URL", () => ({ DATABASE_URL: `postgres://ops:${PASSWORD}@db.example.org:port/x` })],
  ["DATABASE_URL", "a # in the password", () => ({ DATABASE_URL: `postgres://ops:${PASSWORD}#1@db.example.org/x` })],
  [
    "SMTP_URL",
    "a bad % escape in the password",
    () => ({
      SMTP_URL: `smtps://ops:${PASSWORD}%zz@smtp.example.org`,
      NOTIFY_EMAIL_TO: "team@example.org",
    }),
  ],
  [
    "DATABASE_URL",
    "a database that refuses the connection",
    () => ({
      DATABASE_URL: `postgres://ops:${PASSWORD}@127.0.0.1:${closedPort}/network`,
    }),
  ],
];

describe.each(CASES)("%s with %s", (variable, _case, env) => {
  it("stops the server's start, naming the variable, without the password", async () => {
    const port = await freePort();
    const { code, output } = await runToExit("server/serve.ts", ["--port", String(port), "--dir", dir], env());
    expect(code, output).not.toBe(0);
    expect(output).toContain(variable);
    expect(output).not.toContain(PASSWORD);
  });

  it("stops the requests command the same way", async () => {
    const { code, stdout, stderr } = await runRequestsCommand(["export"], { DATA_DIR: dir, ...env() });
    expect(code, stderr).not.toBe(0);
    expect(stderr).toContain(variable);
    expect(`${stdout}${stderr}`).not.toContain(PASSWORD);
  });
});

it("a start for a public SITE_URL with the example site facts stops, naming each variable", async () => {
  const port = await freePort();
  const env = { SITE_URL: "https://tanetwork.org", DATA_DIR: dir };
  const { code, output } = await runToExit("server/serve.ts", ["--port", String(port), "--dir", dir], env);
  expect(code, output).not.toBe(0);
  for (const variable of Object.keys(EXAMPLE_SITE_FACTS))
    expect(output).toContain(`${variable}: must be this deployment's own value`);
});

it("a server whose build has the editor but no EDITORS says so as it starts, and signs no one in", async () => {
  const site = fixtureSite();
  mkdirSync(join(site, "admin"));
  writeFileSync(join(site, "admin", "index.html"), "<!doctype html><title>Editor</title>\n");
  writePolicyConfig(dirname(site), { hubspot: null, reports: true, editor: true });
  const data = tempDataDir();
  const port = await freePort();
  const editorOrigin = `http://localhost:${port}`;
  const server = await startSiteProcess({
    dir: site,
    port,
    env: { SITE_URL: `http://127.0.0.1:${port}`, EDITOR_ORIGIN: editorOrigin, DATA_DIR: data.dir },
  });
  try {
    const signIn = await fetch(new URL("/api/editor/sign-in", editorOrigin));
    expect(signIn.status).toBe(404);
    expect(server.output()).toContain(`[editor] EDITORS is unset: no one can sign in to ${editorOrigin}/admin`);
  } finally {
    await server.stop();
    data.remove();
    removeFixtureSite(site);
  }
});

it("a mail server that refuses SMTP_URL's login is said at start, in one line with the fix, and in `requests -- status`", async () => {
  const sink = await startMailSink({ refusesLogin: true });
  const data = tempDataDir();
  const env = {
    DATA_DIR: data.dir,
    SMTP_URL: `smtp://ops:${PASSWORD}@127.0.0.1:${sink.port}`,
    NOTIFY_EMAIL_TO: "team@example.org",
  };
  const server = await startSiteProcess({ dir, port: await freePort(), env });
  try {
    await until(
      async () => server.output(),
      (output) => output.includes("[notify] the mail server refused"),
      "the start-up's check of the mail login",
    );
    const line = server
      .output()
      .split("\n")
      .find((text) => text.startsWith("[notify] the mail server refused"))!;
    expect(line).toContain("EAUTH, SMTP 535");
    expect(line).toContain("fix SMTP_URL (its user, password, host and port)");
    expect(server.output()).not.toContain(PASSWORD);

    const status = await runRequestsCommand(["status"], env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Last error on the email channel, \d+ s ago: EAUTH, SMTP 535/);
    expect(status.stdout).toContain("fix SMTP_URL (its user, password, host and port)");
    expect(`${status.stdout}${status.stderr}`).not.toContain(PASSWORD);
  } finally {
    await server.stop();
    await sink.stop();
    data.remove();
  }
});
