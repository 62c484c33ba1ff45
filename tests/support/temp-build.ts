/**
 * A small build in a temporary BUILD_DIR for the file server's tests: the files given under
 * client/, and the policy configuration postbuild would have recorded beside them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PolicyConfig } from "../../server/http/csp";
import { writePolicyConfig } from "../../server/http/policy-config";

export function tempBuild(files: Record<string, string>, policy: PolicyConfig) {
  const buildDir = mkdtempSync(join(tmpdir(), "build-"));
  const client = join(buildDir, "client");
  mkdirSync(client);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(client, file)), { recursive: true });
    writeFileSync(join(client, file), text);
  }
  writePolicyConfig(buildDir, policy);
  return { client, remove: () => rmSync(buildDir, { recursive: true, force: true }) };
}
