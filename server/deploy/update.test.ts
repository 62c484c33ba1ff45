// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { releasePlaces } from "./releases";
import { lockUpdates } from "./update";

it("lets one update or rollback run at a time, and the next once it has finished", () => {
  const root = mkdtempSync(join(tmpdir(), "update-lock-"));
  try {
    const places = releasePlaces({ checkout: join(root, "app"), releasesDir: join(root, "releases") });
    const first = lockUpdates(places);
    expect(() => lockUpdates(places)).toThrow("Another update or rollback is running");
    first.release();
    lockUpdates(places).release();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
