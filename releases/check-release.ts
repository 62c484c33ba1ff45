// The check a release passes before it takes traffic (docs/deployment.md#updates-and-rollbacks),
// run by `npm run update` and `npm run rollback` with the release's own Node, in its folder:
//   node --import tsx releases/check-release.ts --dir build/client
// Every route answers from its build as expected (200 and a page; the employer's request page;
// a 404 for an unknown path; the sitemap and robots.txt; every /assets/ file a page links),
// through the release's own server (Fastify's inject: no socket, so no visitor sees it).
// Then it opens the request store, which runs the release's schema migrations (once, before
// the release serves anyone; one the database is already past is refused, naming both
// versions), and asks its health check. Prints one line per problem; exit 0 when there is none.
// First: stops an older Node before a module built for Node 24 is loaded.
import "../server/node-runtime";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ROUTES, requestPagePath } from "#shared/routes.ts";
import { buildApi } from "../server/api/routes";
import { HEALTH_PATH } from "../server/api/health";
import { buildSiteServer } from "../server/http/site-server";
import { loadConfig } from "../server/load-config";
import { openRequestStore } from "../server/requests/stores/open-store";
import type { RequestStore } from "../server/requests/store";
import { errorCode } from "../server/safe-errors";
import { clientDirOf } from "#shared/build-dir.ts";

const { values } = parseArgs({ options: { dir: { type: "string", default: clientDirOf(process.env) } } });
const root = resolve(values.dir!);
const config = loadConfig({ warn: false });
const problems: string[] = [];
/** A page's links to the build's hashed files: each must answer. */
const ASSET_LINK = /(?:src|href)="(\/assets\/[^"?#]+)"/g;

async function checkPages(): Promise<number> {
  const app = await buildSiteServer({ root, publicHost: new URL(config.site.siteUrl).host });
  const assets = new Set<string>();
  const pages = [
    ...Object.values(ROUTES)
      .filter((route) => route !== ROUTES.notFound)
      .map((route) => route.path),
    requestPagePath("employer"),
  ];
  for (const path of pages) {
    const answer = await app.inject({ method: "GET", url: path });
    if (answer.statusCode !== 200 || !String(answer.headers["content-type"]).startsWith("text/html")) {
      problems.push(`GET ${path} answered ${answer.statusCode} ${answer.headers["content-type"] ?? ""}, not a page`);
      continue;
    }
    if (!/<title>[^<]+<\/title>/.test(answer.body)) problems.push(`GET ${path}: the page has no title`);
    for (const [, asset] of answer.body.matchAll(ASSET_LINK)) assets.add(asset!);
  }
  const unknown = await app.inject({ method: "GET", url: "/no-such-page-release-check" });
  if (unknown.statusCode !== 404) problems.push(`an unknown path answered ${unknown.statusCode}, not 404`);
  for (const path of ["/sitemap.xml", "/robots.txt", ...assets]) {
    const answer = await app.inject({ method: "GET", url: path });
    if (answer.statusCode !== 200) problems.push(`GET ${path} answered ${answer.statusCode}`);
  }
  await app.close();
  return pages.length + 3 + assets.size;
}

async function checkApi(): Promise<void> {
  let store: RequestStore;
  try {
    store = await openRequestStore(config.server);
  } catch (error) {
    // The store's own message names the database and the versions, never a password.
    const message = error instanceof Error && error.constructor === Error ? error.message : errorCode(error);
    problems.push(`the request store did not open: ${message}`);
    return;
  }
  try {
    const api = buildApi(config, { requests: { store, relay: null, notifier: null }, draining: () => false });
    const app = await buildSiteServer({ root, publicHost: new URL(config.site.siteUrl).host, api });
    const answer = await app.inject({ method: "GET", url: HEALTH_PATH });
    if (answer.statusCode !== 200) problems.push(`GET ${HEALTH_PATH} answered ${answer.statusCode}`);
    await app.close();
  } finally {
    await store.close();
  }
}

try {
  const checked = await checkPages();
  // Only a build that serves its pages gets to migrate the database.
  if (problems.length === 0 && config.site.requestApi) await checkApi();
  if (problems.length > 0) {
    for (const problem of problems) console.error(`check: ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(`check: ${checked} paths answered as expected${config.site.requestApi ? `, and ${HEALTH_PATH}` : ""}`);
  }
} catch (error) {
  console.error(
    `check: the release's server did not start: ${error instanceof Error && error.constructor === Error ? error.message : errorCode(error)}`,
  );
  process.exitCode = 1;
}
