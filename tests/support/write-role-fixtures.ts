// `tsx tests/support/write-role-fixtures.ts <root>`: writes <root>/content, the site's words with
// the role fixtures dated from today, for the roles' test build (tests/support/browser/roles-build.ts).
import { resolve } from "node:path";
import { writeRoleFixtures } from "./role-fixtures";

const root = process.argv[2];
if (!root) {
  console.error("usage: tsx tests/support/write-role-fixtures.ts <root>");
  process.exit(2);
}
writeRoleFixtures(resolve(root));
