// @vitest-environment node
import { API_PREFIX } from "#shared/api-paths.ts";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiScope, type Endpoint } from "./routes";

const app = Fastify();

beforeAll(async () => {
  // An endpoint that says what it reads of the cookie it is asked for.
  const endpoint: Endpoint = (api) =>
    void api.get("/cookie", async (request) => ({
      value: request.cookies[(request.query as { name: string }).name] ?? null,
    }));
  await app.register(apiScope([endpoint], { trustProxyHops: 0, counter: undefined }), { prefix: API_PREFIX });
});

afterAll(() => app.close());

/** The value of the cookie `name` in a Cookie header, as the API's endpoints read it (`request.cookies`); null when it is not there. */
async function cookieValue(header: string | undefined, name: string): Promise<string | null> {
  const response = await app.inject({
    url: `${API_PREFIX}/cookie`,
    query: { name },
    headers: header === undefined ? {} : { cookie: header },
  });
  return (response.json() as { value: string | null }).value;
}

describe("cookieValue", () => {
  const header = "theme=dark; hubspotutk=0123abcd ;  session=a=b=c; empty=";

  it.each([
    ["theme", "dark"],
    ["hubspotutk", "0123abcd"],
    ["session", "a=b=c"],
    ["empty", ""],
  ])("finds %s", async (name, value) => {
    expect(await cookieValue(header, name)).toBe(value);
  });

  it("takes the first of a name sent twice", async () => {
    expect(await cookieValue("hubspotutk=first; hubspotutk=second", "hubspotutk")).toBe("first");
  });

  it.each([
    ["a cookie that is not there", header, "missing"],
    ["a name that only ends like one sent", header, "utk"],
    ["no Cookie header", undefined, "hubspotutk"],
    ["an empty Cookie header", "", "hubspotutk"],
  ])("is null for %s", async (_case, cookies, name) => {
    expect(await cookieValue(cookies, name)).toBeNull();
  });
});
