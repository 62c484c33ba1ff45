// @vitest-environment node
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { releasePlaces } from "./on-disk";
import { lockUpdates } from "./update-lock";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("is refused to a second process while one holds it, and free the moment the holder is killed", async () => {
  root = mkdtempSync(join(tmpdir(), "update-lock-"));
  const places = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
  // An update that takes the lock and is then killed outright, as systemd's time limit or the OOM killer would.
  const holder = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { lockUpdates } = await import(${JSON.stringify(join(import.meta.dirname, "update-lock.ts"))});
       lockUpdates(${JSON.stringify(places)}); console.log("held"); setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((held, failed) => {
    holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("held") && held());
    holder.once("exit", (code) => failed(new Error(`the holder exited (${code}) before it held the lock`)));
  });
  expect(() => lockUpdates(places)).toThrow("Another update or rollback is running");
  const exited = new Promise((resolveExit) => holder.once("exit", resolveExit));
  holder.kill("SIGKILL");
  await exited;
  lockUpdates(places).unlock();
});
