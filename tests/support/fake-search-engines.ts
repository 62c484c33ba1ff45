/**
 * Local fakes of the search engines a server pushes to (server/search/), for the server tests:
 * Google's token endpoint and Indexing API in one HTTP server (the token endpoint checks the
 * service account's signed assertion with the key's public half, as Google does, and the API takes
 * only the token it gave), a service account's JSON key naming that token endpoint as its
 * `token_uri`, and an IndexNow endpoint. Each keeps what it was sent and answers as its script says.
 */
import type { createPublicKey } from "node:crypto";
import { generateKeyPairSync, verify } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { INDEXING_SCOPE, PUBLISH_PATH } from "../../server/search/google-indexing";

export const SERVICE_ACCOUNT = "site-pusher@network-example.iam.gserviceaccount.com";
const ACCESS_TOKEN = "ya29.fake-access-token";

/** What a fake answers: 200 unless its script says otherwise. */
export interface ScriptedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Publish {
  url: string;
  type: "URL_UPDATED" | "URL_DELETED";
  /** The status the fake answered. */
  status: number;
  at: number;
}

export interface FakeGoogle {
  origin: string;
  /** Writes a service account's key whose `token_uri` is this fake's; returns its path. */
  writeKeyFile(dir: string): string;
  /** Every publish, answered or refused. */
  publishes: Publish[];
  /** Those answered 200. */
  accepted(): Publish[];
  /** Token requests whose assertion was signed by the key, for the indexing scope. */
  tokensGiven: number;
  /** The answers of the next publishes, in order; then 200. */
  script: ScriptedAnswer[];
  close(): Promise<void>;
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", () => resolveListen()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolveClose) => {
    server.closeAllConnections();
    server.close(() => resolveClose());
  });

/** Whether a JWT assertion is the service account's, signed RS256 by `publicKey`, asking for the indexing scope. */
function assertionValid(assertion: string, publicKey: ReturnType<typeof createPublicKey>): boolean {
  const [header, payload, signature] = assertion.split(".");
  if (!header || !payload || !signature) return false;
  const signed = verify(
    "RSA-SHA256",
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, "base64url"),
  );
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { iss?: string; scope?: string };
  return signed && claims.iss === SERVICE_ACCOUNT && claims.scope === INDEXING_SCOPE;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const fake: Omit<FakeGoogle, "origin" | "writeKeyFile" | "close"> = {
    publishes: [],
    accepted: () => fake.publishes.filter((publish) => publish.status === 200),
    tokensGiven: 0,
    script: [],
  };
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(value));
      if (req.method === "POST" && req.url === "/token") {
        const form = new URLSearchParams(body);
        const granted =
          form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
          assertionValid(form.get("assertion") ?? "", publicKey);
        if (!granted) return json(400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
        fake.tokensGiven += 1;
        return json(200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: "Bearer" });
      }
      if (req.method === "POST" && req.url === PUBLISH_PATH) {
        if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
          return json(401, { error: { code: 401, message: "Request had invalid authentication credentials." } });
        }
        const { url, type } = JSON.parse(body) as Pick<Publish, "url" | "type">;
        const answer = fake.script.shift() ?? { status: 200 };
        fake.publishes.push({ url, type, status: answer.status, at: Date.now() });
        if (answer.status === 200) {
          return json(200, {
            urlNotificationMetadata: { url, latestUpdate: { url, type, notifyTime: new Date().toISOString() } },
          });
        }
        return res
          .writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers })
          .end(answer.body ?? JSON.stringify({ error: { code: answer.status, message: "scripted" } }));
      }
      return json(404, { error: { code: 404, message: "Not Found" } });
    });
  });
  const origin = await listen(server);
  return Object.assign(fake, {
    origin,
    writeKeyFile(dir: string) {
      const path = join(dir, "service-account.json");
      writeFileSync(
        path,
        JSON.stringify({
          type: "service_account",
          project_id: "network-example",
          private_key_id: "0123456789abcdef",
          private_key: pem,
          client_email: SERVICE_ACCOUNT,
          client_id: "100000000000000000001",
          token_uri: `${origin}/token`,
        }),
        { mode: 0o600 },
      );
      return path;
    },
    close: () => close(server),
  });
}

export interface IndexNowPost {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
  status: number;
}

export interface FakeIndexNow {
  endpoint: string;
  posts: IndexNowPost[];
  accepted(): IndexNowPost[];
  script: ScriptedAnswer[];
  close(): Promise<void>;
}

export async function startFakeIndexNow(): Promise<FakeIndexNow> {
  const fake: Omit<FakeIndexNow, "endpoint" | "close"> = {
    posts: [],
    accepted: () => fake.posts.filter((post) => post.status === 200 || post.status === 202),
    script: [],
  };
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      if (req.method !== "POST" || req.url !== "/indexnow") return res.writeHead(404).end();
      const answer = fake.script.shift() ?? { status: 200 };
      fake.posts.push({ ...(JSON.parse(body) as Omit<IndexNowPost, "status">), status: answer.status });
      res.writeHead(answer.status, answer.headers).end(answer.body ?? "");
    });
  });
  const origin = await listen(server);
  return Object.assign(fake, { endpoint: `${origin}/indexnow`, close: () => close(server) });
}
