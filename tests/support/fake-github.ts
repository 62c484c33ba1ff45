/**
 * A fake of GitHub's sign-in for a GitHub App (docs/deployment/editor.md), for the browser test
 * of the editor: the authorize page, which records the URL it was opened at and sends the browser
 * straight back to the callback with a code, as GitHub does for an editor who authorized the app
 * before; and the token endpoint, which gives an expiring user token for that code only when
 * the PKCE verifier matches the challenge the authorize URL carried.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";

/** GitHub App user tokens start so; GitHub's refresh tokens with ghr_. */
export const FAKE_USER_TOKEN = "ghu_fakeeditortoken0123456789abcdef";
export const FAKE_REFRESH_TOKEN = "ghr_fakerefreshtoken0123456789abcdef";
const CODE = "fake-code-0123";

export interface FakeGitHub {
  /** Every URL the authorize page was opened at. */
  authorizeUrls: URL[];
  /** Every body the token endpoint was posted. */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

export async function startFakeGitHub(port: number): Promise<FakeGitHub> {
  const authorizeUrls: URL[] = [];
  const tokenRequests: Record<string, string>[] = [];
  let challenge = "";
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    if (request.method === "GET" && url.pathname === "/login/oauth/authorize") {
      authorizeUrls.push(url);
      challenge = url.searchParams.get("code_challenge") ?? "";
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.search = new URLSearchParams({ code: CODE, state: url.searchParams.get("state") ?? "" }).toString();
      response.writeHead(302, { Location: back.href }).end();
      return;
    }
    if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        const sent = JSON.parse(body) as Record<string, string>;
        tokenRequests.push(sent);
        const verified =
          createHash("sha256")
            .update(sent.code_verifier ?? "")
            .digest("base64url") === challenge;
        const answer =
          sent.code === CODE && verified
            ? {
                access_token: FAKE_USER_TOKEN,
                expires_in: 28_800,
                refresh_token: FAKE_REFRESH_TOKEN,
                refresh_token_expires_in: 15_897_600,
                scope: "",
                token_type: "bearer",
              }
            : { error: "bad_verification_code" };
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
  return {
    authorizeUrls,
    tokenRequests,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
