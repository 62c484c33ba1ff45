// @vitest-environment node
// The answers to a request that fails. Node's refusals (408) on a listening server:
// ./server-limits.test.ts; a file that cannot be opened (500): tests/server/files.test.ts.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errors } from "./errors";
import { httpLogger } from "./http-log";

/** An error as Fastify and @fastify/static throw them. */
const failure = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe("the answers to errors", () => {
  it("answer a refusal in words with its headers, a path @fastify/static refuses as not found, a failure 500 logged without its message", async () => {
    const logged: string[] = [];
    const app = Fastify({ loggerInstance: httpLogger({ write: (line: string) => void logged.push(line) }) });
    await app.register(errors);
    app.setNotFoundHandler((_request, reply) => reply.code(404).send("the 404 page"));
    app.get("/range", async () => {
      throw failure("Range Not Satisfiable", { statusCode: 416, headers: { "content-range": "bytes */10" } });
    });
    app.get("/forbidden", async () => {
      throw failure("Forbidden", { statusCode: 403, code: "FST_STATIC_FORBIDDEN_PATH" });
    });
    app.get("/fails", async () => {
      throw failure("the visitor typed ada@example.com", { code: "EIO" });
    });
    const range = await app.inject("/range");
    expect([range.statusCode, range.headers["content-range"], range.body]).toEqual([
      416,
      "bytes */10",
      "Range Not Satisfiable\n",
    ]);
    const forbidden = await app.inject("/forbidden");
    expect([forbidden.statusCode, forbidden.body]).toEqual([404, "the 404 page"]);
    const fails = await app.inject("/fails");
    expect([fails.statusCode, fails.body]).toEqual([500, "Internal Server Error\n"]);
    await app.close();
    expect(logged.join("")).toContain("GET /fails: answered 500");
    expect(logged.join("")).toContain('"code":"EIO"');
    expect(logged.join("")).not.toContain("ada@example.com");
  });
});
