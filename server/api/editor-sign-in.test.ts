// @vitest-environment node
import { API_PREFIX } from "#shared/api-paths.ts";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { writePolicyConfig } from "../http/policy-config";
import { SERVER_LIMITS, startSiteServer } from "../http/site-server";
import {
  EDITOR_AUTH_PATH,
  EDITOR_CALLBACK_PATH,
  EDITOR_POPUP_SCRIPT_PATH,
  editorSignInRoutes,
  editorStartupLines,
} from "./editor-sign-in";
import { parseConfig } from "../config";
import { DEPLOYMENT_SITE_FACTS } from "../../tests/support/deployment-site-facts";
import { registerRateLimit } from "./rate-limit";

const SECRET = "0123456789abcdef0123456789abcdef01234567";
const signIn = { clientId: "Iv1.0123456789", clientSecret: SECRET, githubOrigin: "https://github.example" };
const TOKEN = "ghu_thetokenofthesignededitor";
const REFRESH_TOKEN = "ghr_sixmonthsofnewtokens";
const EDITOR_ORIGIN = "https://edit.network.example";
/** GitHub's answer to a GitHub App with expiring user tokens: eight hours, and a refresh token for six months. */
const APP_TOKEN = {
  access_token: TOKEN,
  expires_in: 28_800,
  refresh_token: REFRESH_TOKEN,
  refresh_token_expires_in: 15_897_600,
  scope: "",
  token_type: "bearer",
};

/** The site's server with the sign-in routes, GitHub's token endpoint answered by `github`. */
async function site(
  github: (body: Record<string, string>) => Response | Promise<Response>,
  rateLimit = { max: 100, windowMs: 600_000 },
  app: typeof signIn | null = signIn,
) {
  const lines: string[] = [];
  const sent: Record<string, string>[] = [];
  // As the site's server builds it (server/http/site-server.ts): HEAD only where a route says so.
  const server = Fastify({ exposeHeadRoutes: false });
  // Mounted at the API's prefix, as the site's server mounts the API (shared/api-paths.ts).
  await server.register(
    async (api) => {
      // The API's scope registers the cookies and the rate limit before its endpoints (server/api/routes.ts).
      await api.register(fastifyCookie);
      await registerRateLimit(api, { trustProxyHops: 0, counter: undefined });
      editorSignInRoutes({
        signIn: app,
        origin: EDITOR_ORIGIN,
        rateLimit,
        log: (line) => lines.push(line),
        fetchImpl: async (url, init) => {
          expect(String(url)).toBe("https://github.example/login/oauth/access_token");
          const body = JSON.parse(String(init?.body)) as Record<string, string>;
          sent.push(body);
          return github(body);
        },
      })(api);
    },
    { prefix: API_PREFIX },
  );
  await server.ready();
  return { app: server, lines, sent };
}

/** Starts a sign-in: GitHub's authorize URL and the cookie the browser keeps. */
async function start(app: Awaited<ReturnType<typeof site>>["app"]) {
  const response = await app.inject({ method: "GET", url: `${EDITOR_AUTH_PATH}?provider=github&scope=repo` });
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string);
  const cookie = String(response.headers["set-cookie"]).split(";")[0]!;
  return { location, cookie, state: location.searchParams.get("state")! };
}

/** A whole sign-in: started, then GitHub's callback with a code, the state and the cookie kept. */
async function signInThrough(app: Awaited<ReturnType<typeof site>>["app"]) {
  const started = await start(app);
  const response = await app.inject({
    method: "GET",
    url: `${EDITOR_CALLBACK_PATH}?code=the-code&state=${started.state}`,
    headers: { cookie: started.cookie },
  });
  return { ...started, response };
}

describe("the editor's GitHub sign-in", () => {
  it("sends the editor to GitHub with the app, the callback on the editor's origin, a state and a PKCE challenge kept in an HttpOnly cookie, and no scope", async () => {
    const { app } = await site(() => Response.json({}));
    // Decap asks for the `repo` scope; a GitHub App's token has the app's permissions instead.
    const response = await app.inject({ method: "GET", url: `${EDITOR_AUTH_PATH}?provider=github&scope=repo` });
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe("https://github.example/login/oauth/authorize");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: signIn.clientId,
      redirect_uri: `${EDITOR_ORIGIN}${EDITOR_CALLBACK_PATH}`,
      state: expect.any(String),
      code_challenge: expect.any(String),
      code_challenge_method: "S256",
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
    const [state, verifier] = setCookie.split(";")[0]!.split("=")[1]!.split(".");
    expect(location.searchParams.get("state")).toBe(state);
    expect(location.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier!).digest("base64url"),
    );
    expect(response.body).not.toContain(SECRET);
  });

  it("trades the code for a token with the secret and the verifier, and hands the token, not the refresh token, to the editor's window only", async () => {
    const { app, lines, sent } = await site(() => Response.json(APP_TOKEN));
    const { cookie, response } = await signInThrough(app);
    expect(response.statusCode).toBe(200);
    expect(sent).toEqual([
      {
        client_id: signIn.clientId,
        client_secret: SECRET,
        code: "the-code",
        redirect_uri: `${EDITOR_ORIGIN}${EDITOR_CALLBACK_PATH}`,
        code_verifier: cookie.split("=")[1]!.split(".")[1],
      },
    ]);
    expect(response.body).toContain(`<script src="${EDITOR_POPUP_SCRIPT_PATH}" data-token="${TOKEN}">`);
    expect(response.body).not.toContain(REFRESH_TOKEN);
    expect(response.headers).toMatchObject({
      "cache-control": "no-store",
      "content-security-policy": expect.stringContaining("script-src 'self'"),
    });
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=0");
    // Nothing of the sign-in is logged: no token, no code, no secret.
    expect(lines.join("\n")).not.toMatch(new RegExp(`${TOKEN}|${REFRESH_TOKEN}|the-code|${SECRET}`));

    const script = await app.inject({ method: "GET", url: EDITOR_POPUP_SCRIPT_PATH });
    expect(script.body).toContain('event.origin !== location.origin || event.data !== "authorizing:github"');
    expect(script.body).toContain("window.opener.postMessage(outcome, event.origin)");
  });

  it("refuses a callback without its state, or with another's, and asks GitHub for nothing", async () => {
    const { app, sent } = await site(() => Response.json(APP_TOKEN));
    const { cookie } = await start(app);
    for (const headers of [{}, { cookie }]) {
      const response = await app.inject({ method: "GET", url: `${EDITOR_CALLBACK_PATH}?code=c&state=forged`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('data-error="This sign-in expired or did not start here.');
      expect(response.body).not.toContain("data-token");
    }
    expect(sent).toEqual([]);
  });

  it("answers 400, not 500, for a state as long as the kept one in letters but not in bytes", async () => {
    const { app, sent } = await site(() => Response.json(APP_TOKEN));
    const { cookie, state } = await start(app);
    // 32 letters of two bytes each against the kept 32-letter, 32-byte state.
    const forged = "é".repeat(state.length);
    const response = await app.inject({
      method: "GET",
      url: `${EDITOR_CALLBACK_PATH}?code=c&state=${encodeURIComponent(forged)}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('data-error="This sign-in expired or did not start here.');
    expect(sent).toEqual([]);
  });

  it("says so when GitHub refuses the code or does not answer, logging GitHub's error code only", async () => {
    const refused = await site(() => Response.json({ error: "bad_verification_code" }));
    expect((await signInThrough(refused.app)).response.statusCode).toBe(400);
    expect(refused.lines).toEqual(["[editor] GitHub refused a sign-in (200, bad_verification_code)"]);

    const away = await site(() =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    );
    const { response: gone } = await signInThrough(away.app);
    expect(gone.statusCode).toBe(502);
    expect(gone.body).toContain("GitHub did not answer.");
  });

  it("answers the 502 page, not a dropped connection, when GitHub's token endpoint outlasts the connection's idle limit", async () => {
    const buildDir = mkdtempSync(join(tmpdir(), "editor-sign-in-"));
    mkdirSync(join(buildDir, "client"));
    writeFileSync(join(buildDir, "client", "404.html"), "<html></html>");
    writePolicyConfig(buildDir, { hubspot: null, reports: false });
    let asked = 0;
    const running = await startSiteServer({
      root: join(buildDir, "client"),
      port: 0,
      host: "127.0.0.1",
      // The connection's idle limit shortened, so the test takes a second: a GitHub that never answers outlasts it.
      limits: { ...SERVER_LIMITS, sendMs: 800 },
      editor: "every-host",
      api: async (api) => {
        await api.register(fastifyCookie);
        await registerRateLimit(api, { trustProxyHops: 0, counter: undefined });
        editorSignInRoutes({
          signIn,
          origin: EDITOR_ORIGIN,
          rateLimit: { max: 100, windowMs: 600_000 },
          log: () => {},
          fetchImpl: (_url, init) =>
            new Promise((_resolve, reject) => {
              asked += 1;
              init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error));
            }),
        })(api);
      },
    });
    try {
      const started = await fetch(new URL(EDITOR_AUTH_PATH, running.url), { redirect: "manual" });
      const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
      const cookie = started.headers.get("set-cookie")!.split(";")[0]!;
      const callback = await fetch(new URL(`${EDITOR_CALLBACK_PATH}?code=the-code&state=${state}`, running.url), {
        headers: { cookie },
      });
      expect(callback.status).toBe(502);
      expect(await callback.text()).toContain('data-error="GitHub did not answer.');
      expect(asked).toBe(1);
    } finally {
      await running.app.close();
      rmSync(buildDir, { recursive: true, force: true });
    }
  });

  it("refuses a token that never expires (an OAuth app's, or a GitHub App's with expiry off), saying what to set up", async () => {
    const { app, lines } = await site(() =>
      Response.json({ access_token: "gho_anoauthappstoken", scope: "", token_type: "bearer" }),
    );
    const { response } = await signInThrough(app);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("gho_anoauthappstoken");
    expect(response.body).toContain('data-error="GitHub gave this sign-in a token that never expires');
    expect(lines).toEqual([expect.stringMatching(/^\[editor\] GitHub gave a token that never expires: .*GitHub App/)]);
  });

  it("says in the popup that signing in is not set up, naming the settings, when the server has no GitHub App", async () => {
    const { app, sent } = await site(() => Response.json(APP_TOKEN), undefined, null);
    for (const url of [EDITOR_AUTH_PATH, `${EDITOR_CALLBACK_PATH}?code=c&state=s`]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('data-error="Signing in is not set up on this server yet.');
      expect(response.body).toContain("CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET");
    }
    expect(sent).toEqual([]);
  });

  it("answers 429 past the per-address limit of callbacks, asking GitHub nothing", async () => {
    const { app, sent } = await site(() => Response.json(APP_TOKEN), { max: 2, windowMs: 600_000 });
    const callback = async () => (await signInThrough(app)).response;
    expect((await callback()).statusCode).toBe(200);
    expect((await callback()).statusCode).toBe(200);
    const over = await callback();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body).toContain('data-error="Too many sign-ins from this address.');
    expect(over.body).not.toContain("data-token");
    expect(sent).toHaveLength(2);
  });
});

describe("what the server says about the editor as it starts", () => {
  const app = { CMS_GITHUB_CLIENT_ID: signIn.clientId, CMS_GITHUB_CLIENT_SECRET: SECRET };
  const deployment = {
    ...DEPLOYMENT_SITE_FACTS,
    SITE_URL: "https://network.example",
    CMS_GITHUB_REPO: "acme/network",
    EDITOR_ORIGIN,
  };
  const lines = (env: Record<string, string>, builtWithEditor = true) =>
    editorStartupLines(parseConfig(env), builtWithEditor).map(
      ({ warning, line }) => `${warning ? "warning" : "note"} ${line}`,
    );

  it("names the missing half of the editor's settings", () => {
    expect(lines(deployment)).toEqual([
      "warning [editor] https://edit.network.example/admin cannot sign anyone in: CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET, the GitHub App's, are unset (docs/deployment/editor.md)",
    ]);
    expect(lines({ ...deployment, ...app, CMS_GITHUB_REPO: "", EDITOR_ORIGIN: "" })).toEqual([
      "warning [editor] this build has the editor, but CMS_GITHUB_REPO is unset here: /admin is not served",
      "warning [editor] CMS_GITHUB_CLIENT_ID and CMS_GITHUB_CLIENT_SECRET are set, but CMS_GITHUB_REPO is not: no editor to sign in to",
    ]);
    expect(lines({ ...deployment, ...app }, false)).toEqual([
      "warning [editor] CMS_GITHUB_REPO is set, but this build has no editor: build it again for https://edit.network.example/admin",
    ]);
  });

  it("says where the editor is, and when a loopback SITE_URL serves it beside the pages", () => {
    expect(lines({ ...deployment, ...app })).toEqual([
      "note [editor] the editor at https://edit.network.example/admin, signing in with its GitHub App",
    ]);
    expect(lines({ CMS_GITHUB_REPO: "acme/network", ...app })).toEqual([
      "note [editor] EDITOR_ORIGIN is unset: the editor is served beside the pages, which only a loopback SITE_URL allows",
      "note [editor] the editor at http://localhost:4173/admin, signing in with its GitHub App",
    ]);
    expect(lines({}, false)).toEqual([]);
  });
});
