// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  controlServer,
  MAX_CONTROL_REQUEST_BYTES,
  releaseToStart,
  type ControlAnswer,
  type ControlHandlers,
} from "./control";
import { checkoutRelease, newReleaseId, releaseFolders, releasePlaces, type ReleasePlaces } from "./on-disk";

let root: string;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((closed) => server.close(closed))));
  rmSync(root, { recursive: true, force: true });
});

const SERVING: ControlAnswer = {
  ok: true,
  serving: {
    release: { id: "checkout", dir: "/x", client: "/x/c", commit: null, subject: null },
    pid: 1,
    since: 0,
    url: "",
  },
};

/** The control socket with `handlers`, on a path of its own. */
async function listen(handlers: Partial<ControlHandlers> = {}): Promise<string> {
  root = mkdtempSync(join(tmpdir(), "control-"));
  const path = join(root, "control.sock");
  const server = controlServer({
    status: () => SERVING,
    switch: async () => SERVING,
    ...handlers,
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(path, () => listening()));
  return path;
}

/** Sends `bytes` (then ends, unless `end` is false) and resolves with what the socket answered. */
function send(path: string, bytes: string | Buffer, { end = true } = {}): Promise<string> {
  return new Promise((answered, failed) => {
    const socket = connect(path);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", failed);
    socket.on("end", () => answered(answer));
    socket.on("connect", () => (end ? socket.end(bytes) : socket.write(bytes)));
  });
}

const answerOf = async (path: string, bytes: string | Buffer, options?: { end?: boolean }) =>
  JSON.parse(await send(path, bytes, options)) as ControlAnswer;

describe("the control socket", () => {
  it.each([
    ["null", "null\n", 'a request is a JSON object with a "command"'],
    ["a number", "42", 'a request is a JSON object with a "command"'],
    ["garbage", "hello there\n", "not a JSON request"],
    ["nothing", "", "not a JSON request"],
    ["an unknown command", '{"command":"restart"}\n', 'unknown command "restart"'],
    ["a switch without its release", '{"command":"switch"}\n', 'a switch names its "release"'],
    ["a switch with a release of the wrong shape", '{"command":"switch","release":"x","olderRoots":[]}', '"release"'],
  ])("answers %s with what is wrong, and goes on answering", async (_what, bytes, error) => {
    const path = await listen();
    expect(await answerOf(path, bytes)).toEqual({ ok: false, error: expect.stringContaining(error) });
    expect(await answerOf(path, '{"command":"status"}\n')).toEqual(SERVING);
  });

  it("answers a line too long without reading it all", async () => {
    const path = await listen();
    const long = Buffer.alloc(MAX_CONTROL_REQUEST_BYTES + 1, "x");
    expect(await answerOf(path, long, { end: false })).toEqual({
      ok: false,
      error: "a request is one line of at most 64 KiB",
    });
  });

  it("answers a request on its first line, without waiting for the client to end", async () => {
    const path = await listen();
    expect(await answerOf(path, '{"command":"status"}\n', { end: false })).toEqual(SERVING);
  });

  it("answers a switch that fails as an error, and stays up", async () => {
    const path = await listen({
      switch: async () => {
        throw new Error("/etc is not a release");
      },
    });
    const release = { id: "x", dir: "/etc", client: "/etc", commit: null, subject: null };
    expect(await answerOf(path, JSON.stringify({ command: "switch", release, olderRoots: [] }))).toEqual({
      ok: false,
      error: "/etc is not a release",
    });
    expect(await answerOf(path, '{"command":"status"}')).toEqual(SERVING);
  });
});

describe("a switch starts", () => {
  /** A checkout with a build, RELEASES_DIR with one built release, and a release-like folder outside it. */
  function layout(): { places: ReleasePlaces; outside: string } {
    root = mkdtempSync(join(tmpdir(), "control-"));
    const places = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
    mkdirSync(join(places.checkoutBuildDir, "client"), { recursive: true });
    const id = newReleaseId("a".repeat(40), Date.UTC(2026, 10, 27));
    const outside = join(root, "elsewhere", id);
    for (const dir of [join(places.releasesDir, id), outside]) {
      mkdirSync(join(dir, "build", "client"), { recursive: true });
      writeFileSync(join(dir, "release.json"), JSON.stringify({ id, commit: "a".repeat(40), subject: "A" }));
    }
    return { places, outside };
  }

  it("the checkout, or a built release folder under RELEASES_DIR, with the kept releases' builds as older roots", () => {
    const { places } = layout();
    const checkout = checkoutRelease(places, "b".repeat(40));
    const [built] = releaseFolders(places);
    expect(releaseToStart(places, built!, [checkout.client]).release).toEqual(built);
    expect(releaseToStart(places, checkout, [built!.client])).toEqual({
      release: checkout,
      olderRoots: [built!.client],
    });
  });

  it("nothing outside RELEASES_DIR, whatever it names itself", () => {
    const { places, outside } = layout();
    const [built] = releaseFolders(places);
    const asked = { ...built!, dir: outside, client: join(outside, "build", "client") };
    expect(() => releaseToStart(places, asked, [])).toThrow(`${outside} is not a release under ${places.releasesDir}`);
    expect(() => releaseToStart(places, { ...built!, dir: "/" }, [])).toThrow("is not a release");
  });

  it("no link out of RELEASES_DIR, to a folder or to a build", () => {
    const { places, outside } = layout();
    const id = newReleaseId("c".repeat(40), Date.UTC(2026, 10, 28));
    symlinkSync(outside, join(places.releasesDir, id));
    const linked = { id, dir: join(places.releasesDir, id), client: "", commit: null, subject: null };
    expect(() => releaseToStart(places, linked, [])).toThrow("is not a release");

    const [built] = releaseFolders(places);
    rmSync(built!.client, { recursive: true });
    symlinkSync(join(outside, "build", "client"), built!.client);
    expect(() => releaseToStart(places, built!, [])).toThrow(`release ${built!.id} has no build of its own`);
  });

  it("no folder that is not a built release, and no older root that is not a kept build", () => {
    const { places } = layout();
    const [built] = releaseFolders(places);
    const partial = join(places.releasesDir, `${built!.id}.partial`);
    mkdirSync(join(partial, "build", "client"), { recursive: true });
    expect(() => releaseToStart(places, { ...built!, id: `${built!.id}.partial`, dir: partial }, [])).toThrow(
      "is not a release",
    );
    // The right folder under another release's name.
    expect(() => releaseToStart(places, { ...built!, id: "checkout" }, [])).toThrow("is not a release");
    expect(() => releaseToStart(places, built!, ["/etc"])).toThrow("/etc is not the build of a kept release");
  });
});
