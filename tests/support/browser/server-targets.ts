/**
 * The two servers of the production build that tests/e2e/server-*.spec.ts compare
 * (both started by playwright.config.ts), and a raw HTTP client: browsers and fetch
 * normalise paths (`..`, backslashes) and decompress bodies, which these tests must see.
 */
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { resolve } from "node:path";
import { NGINX_SERVER_PORT, NODE_SERVER_PORT } from "../e2e-env";
import { buildCsp, policyConfigFor } from "../../../server/http/csp";
import { collectInlineScriptHashes } from "../../../server/http/inline-scripts";
import { site } from "./site-config";
import { parseRawAnswer } from "../raw-client";

export const SERVERS = [
  { name: "node", port: NODE_SERVER_PORT },
  { name: "nginx", port: NGINX_SERVER_PORT },
] as const;

export type ServerTarget = (typeof SERVERS)[number];

export const originOf = (server: ServerTarget) => `http://127.0.0.1:${server.port}`;

/** The folder both servers serve. */
export const BUILD_CLIENT = resolve(process.env.BUILD_DIR ?? "build", "client");

/** The policy both servers must send: the shared module applied to the build under test and its configuration. */
export const expectedCsp = () =>
  buildCsp({ scriptHashes: collectInlineScriptHashes(BUILD_CLIENT), ...policyConfigFor(site) });

/** A content-hashed script of the build, as a URL path. */
export function hashedScript(): string {
  const name = readdirSync(resolve(BUILD_CLIENT, "assets")).find((file) => /[.-][\w-]{6,}\.js$/.test(file));
  if (!name) throw new Error(`no hashed script in ${BUILD_CLIENT}/assets`);
  return `/assets/${name}`;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends one request exactly as written (target not normalised) and reads the whole answer. */
export function rawRequest(
  server: ServerTarget,
  target: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (method !== "GET" && method !== "HEAD") lines.push("Content-Length: 0");

  return new Promise((resolveResponse, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const answer = parseRawAnswer(Buffer.concat(chunks));
      if (!answer) return reject(new Error(`no complete response to ${method} ${target}`));
      if (answer.headers["transfer-encoding"]) {
        return reject(new Error("chunked answers are not expected from either server"));
      }
      resolveResponse(answer);
    });
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}
