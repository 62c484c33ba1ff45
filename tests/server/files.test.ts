/**
 * The build's files as the Node server sends them (issue 34), with the real server in a
 * child process: a client that goes before the end of a download, or reads it whole and
 * then closes, leaves no file descriptor open in the server; a file removed from the build
 * under the running server is a 404, and one that can no longer be opened a 500, for that
 * request only, the server answering everyone else.
 */
import { readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { BASE_ENV } from "../support/requests-client";
import { fixtureSite, removeFixtureSite, startSiteProcess, type SiteProcess } from "../support/site-process";
import { sqliteTarget } from "../support/store-targets";

/** Far larger than loopback's socket buffers: a client that goes after the first chunk leaves the file half sent. */
const LARGE_FILE_BYTES = 8 * 1024 * 1024;
/** A page a client reads whole. */
const PAGE_BYTES = 256 * 1024;
const ABANDONED = 400;
const READ_WHOLE = 200;
/** Clients at a time: a busy page, not a flood. */
const CONCURRENCY = 20;

let server: SiteProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (server?.child.exitCode === null) await server.kill();
  if (dir) removeFixtureSite(dir);
});

async function serveFixture(files: Record<string, string | Buffer>) {
  dir = fixtureSite();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const fresh = await sqliteTarget.fresh();
  server = await startSiteProcess({ dir, port: await freePort(), env: { ...BASE_ENV, ...fresh.env } });
  return server;
}

/** The server process's open file descriptors. */
const openDescriptors = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** GETs `target` and closes the connection as soon as the first bytes of the answer arrive. */
function abandonAfterFirstChunk(port: number, target: string): Promise<void> {
  return new Promise((resolveAbandon) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    socket.once("data", () => {
      socket.destroy();
      resolveAbandon();
    });
    socket.on("error", () => resolveAbandon());
  });
}

/** GETs `target` on a keep-alive connection, reads the whole answer, then closes the connection. */
function readWholeThenClose(port: number, target: string, bodyBytes: number): Promise<number> {
  return new Promise((resolveRead, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf("\r\n\r\n");
      if (headEnd !== -1 && received.length - headEnd - 4 >= bodyBytes) {
        socket.destroy();
        resolveRead(Number(/^HTTP\/1\.1 (\d{3})/.exec(received.toString("latin1"))?.[1]));
      }
    });
    socket.on("error", reject);
  });
}

async function inBatches(count: number, run: () => Promise<unknown>) {
  for (let done = 0; done < count; done += CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - done) }, run));
  }
}

it(`leaves no descriptor open after ${ABANDONED} downloads abandoned after the first chunk and ${READ_WHOLE} read whole, then closed`, async () => {
  const { port, child } = await serveFixture({
    "large.bin": Buffer.alloc(LARGE_FILE_BYTES, 7),
    "index.html": `<!doctype html><title>Home</title>${"<p>text</p>".repeat(PAGE_BYTES / 11)}`,
  });
  const pid = child.pid!;
  // One of each first, so what the server opens once (its log, its store) is in the count.
  await abandonAfterFirstChunk(port, "/large.bin");
  const pageBytes = (await fetch(`http://127.0.0.1:${port}/`).then((response) => response.arrayBuffer())).byteLength;
  await new Promise((settle) => setTimeout(settle, 300));
  const before = openDescriptors(pid);

  await inBatches(ABANDONED, () => abandonAfterFirstChunk(port, "/large.bin"));
  const statuses: number[] = [];
  await inBatches(READ_WHOLE, async () => statuses.push(await readWholeThenClose(port, "/", pageBytes)));
  expect(statuses.every((status) => status === 200)).toBe(true);

  // The server notices each closed connection a moment after the client has gone.
  await expect.poll(() => openDescriptors(pid), { timeout: 5000 }).toBeLessThanOrEqual(before);
  console.log(
    `descriptors of the server: ${before} before, ${openDescriptors(pid)} after ${ABANDONED} abandoned and ${READ_WHOLE} whole downloads`,
  );
  expect(child.exitCode).toBeNull();
});

it("answers a file removed from the build under the running server with the 404 page, and goes on serving", async () => {
  const { origin, child } = await serveFixture({ "robots.txt": "User-agent: *\nAllow: /\n" });
  expect((await fetch(`${origin}/robots.txt`)).status).toBe(200);
  rmSync(join(dir!, "robots.txt"));

  const gone = await fetch(`${origin}/robots.txt`);
  expect(gone.status).toBe(404);
  expect(await gone.text()).toContain("<h1>Not found</h1>");
  expect((await fetch(`${origin}/`)).status).toBe(200);
  expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  expect(child.exitCode).toBeNull();
});

it("answers a file of the build that can no longer be opened with a 500 for that request, and goes on serving", async () => {
  const { origin, child } = await serveFixture({ "manifest.json": "{}" });
  // A symbolic link to itself: opening it fails (ELOOP) whoever the server runs as, as an unreadable file would.
  rmSync(join(dir!, "manifest.json"));
  symlinkSync("manifest.json", join(dir!, "manifest.json"));

  const broken = await fetch(`${origin}/manifest.json`);
  expect(broken.status).toBe(500);
  expect(await broken.text()).not.toContain("manifest.json");
  expect((await fetch(`${origin}/`)).status).toBe(200);
  expect(child.exitCode).toBeNull();
  expect(server!.output()).not.toMatch(/^\s+at /m);
});
