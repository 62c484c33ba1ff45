// After `astro build`: finish BUILD_DIR for serving.
//   1. the prerendered 404 is 404.html; source maps go; no symbolic links; no page hides content
//      until a script runs (outlined-boundaries.ts);
//   2. sitemap.xml and robots.txt from the route table, under SITE_URL, and every page's
//      social card (social-cards.ts);
//   3. module preloads in the head of every page with an island (island-preloads.ts); the
//      pages that show the roles (the list, the home page) cut into the parts the server joins
//      (role-parts.ts), the build's own copies of them and the feed for the roles open now, and the files of roles posted ahead moved out of
//      client/ (BUILD_DIR/upcoming-roles/), which the server serves from the day each opens;
//   4. the CSP (with the hashes of this build's inline scripts and the hosts its
//      configuration needs) into the nginx configuration (BUILD_DIR/deploy/nginx.conf)
//      and the static hosts' _headers, and that configuration for the Node server
//      (BUILD_DIR/deploy/policy-config.json);
//   5. brotli and gzip variants of every compressible file;
//   6. the build stamp `npm start` compares to decide whether to rebuild.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildFingerprint, writeStamp } from "../../server/build-stamp";
import { buildCsp, policyConfigFor } from "../../server/http/csp";
import {
  HOME_FILE,
  ROBOTS_PATH,
  roleRequestPageFile,
  ROLES_LIST_FILE,
  SITEMAP_PATH,
} from "../../server/http/static-policy";
import {
  composeFeed,
  composeRolePage,
  composeSitemap,
  ROLE_PARTS_FILE,
  UPCOMING_ROLES_FOLDER,
  type RolePageParts,
  type RoleParts,
} from "../../server/http/role-documents";
import { writePolicyConfig } from "../../server/http/policy-config";
import { collectInlineScriptHashes } from "../../server/http/inline-scripts";
import { loadConfig } from "../../server/load-config";
import { renderNginxConfig } from "../../hosting/nginx-config";
import { addIslandPreloads } from "./island-preloads";
import { readContent, readRoles } from "#shared/content/read.ts";
import { SOCIAL_CARD_DIR, socialCardName } from "#app/lib/social-card.ts";
import { HOME_ROLES_SHOWN, rolePath, ROLES_FEED_PATH } from "#shared/roles/page.ts";
import { isOpen, isUpcoming } from "#shared/roles/timetable.ts";
import { ROUTES } from "#shared/routes.ts";
import { writeRoleTimetable } from "./write-role-timetable";
import { outlinedBoundaries } from "./outlined-boundaries";
import { precompressDirectory } from "./precompress";
import { indexablePaths, renderRobots } from "./seo-files";
import { checkRolePageParts, splitRolePage } from "./role-parts";
import { writeSocialCards } from "./social-cards";
import { listFiles, symbolicLinks } from "../../server/http/build-files";
import { renderStaticHostHeaders, STATIC_HOST_HEADERS_FILE } from "../../hosting/static-host-headers";
import { CLIENT_FOLDER, buildDirOf } from "#shared/build-dir.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const buildDir = resolve(projectRoot, buildDirOf(process.env));
const client = join(buildDir, CLIENT_FOLDER);
const { site, server } = loadConfig({ warn: false });

// 1. Astro writes app/pages/404.astro as 404.html, the body of every 404.
const notFoundPage = join(client, "404.html");
if (!existsSync(notFoundPage)) throw new Error(`postbuild: ${notFoundPage} is missing`);
// app/pages/410.astro, the body of a closed role's 410 (shared/roles/timetable.ts): like 404.html, never a page of its own.
const gonePage = join(client, "410", "index.html");
if (!existsSync(gonePage)) throw new Error(`postbuild: ${gonePage} is missing`);
renameSync(gonePage, join(client, "410.html"));
rmSync(join(client, "410"), { recursive: true });
// Production ships no source maps (Astro builds without them; this catches a slip).
for (const file of readdirSync(client, { recursive: true, encoding: "utf8" })) {
  if (file.endsWith(".map")) {
    console.warn(`postbuild: removing source map ${file}`);
    rmSync(join(client, file));
  }
}

// Both servers must serve the same files: the Node server skips symbolic links, nginx follows them.
const links = symbolicLinks(client);
if (links.length > 0) throw new Error(`postbuild: the build holds symbolic links, which only nginx would serve: ${links.join(", ")}`);

// Every page shows without JavaScript what its HTML holds: no Suspense boundary left for a script to reveal.
const hiding = readdirSync(client, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html"))
  .flatMap((file) => outlinedBoundaries(readFileSync(join(client, file), "utf8")).map((what) => `${file}: ${what}`));
if (hiding.length > 0) {
  throw new Error(
    `postbuild: content hidden until JavaScript runs (React outlined a Suspense boundary):\n  ${hiding.join("\n  ")}`,
  );
}

// 2. The roles' timetable, by which the server opens and closes a role on its day without a rebuild.
const rolesWords = readContent("openRoles");
const timetable = writeRoleTimetable(buildDir, readRoles());
const builtAt = Date.now();
const openRoles = timetable.roles.filter((role) => isOpen(role, builtAt));
const upcomingRoles = timetable.roles.filter((role) => isUpcoming(role, builtAt));

// Sitemap and robots, for every indexable page, which must all have been prerendered: the roles'
// list while any role is open, and each open role with the day it last changed.
const paths = indexablePaths().filter((path) => path !== ROUTES.openRoles.path || openRoles.length > 0);
for (const path of paths) {
  if (!existsSync(join(client, path, "index.html"))) throw new Error(`postbuild: page ${path} was not prerendered`);
}
for (const role of [...openRoles, ...upcomingRoles]) {
  const path = rolePath(role.slug);
  if (!existsSync(join(client, path, "index.html"))) throw new Error(`postbuild: role page ${path} was not prerendered`);
}
writeFileSync(join(client, SITEMAP_PATH), composeSitemap(site.siteUrl, openRoles));
writeFileSync(join(client, ROBOTS_PATH), renderRobots(site.siteUrl));
const cards = await writeSocialCards(client, site);

// 3. The islands' scripts start downloading from the head, not once the parser reaches the island.
for (const file of readdirSync(client, { recursive: true, encoding: "utf8" })) {
  if (!file.endsWith(".html")) continue;
  const html = readFileSync(join(client, file), "utf8");
  const preloaded = addIslandPreloads(html);
  if (preloaded !== html) writeFileSync(join(client, file), preloaded);
}

// The pages that show the roles (the list, and the home page's band of a few) in their parts for the
// server (each checked to join back into the page as rendered), and the build's own copies of them
// and the feed, for the roles open now.
const rolePages: Record<string, RolePageParts> = {};
for (const [file, maxItems] of [
  [ROLES_LIST_FILE, undefined],
  [HOME_FILE, HOME_ROLES_SHOWN],
] as const) {
  const html = readFileSync(join(client, file), "utf8");
  rolePages[file] = splitRolePage(html, maxItems);
  checkRolePageParts(html, rolePages[file]);
}
const roleParts: RoleParts = {
  siteUrl: site.siteUrl,
  siteName: site.siteName,
  feedTitle: rolesWords.feed.title,
  pages: rolePages,
};
writeFileSync(join(buildDir, ROLE_PARTS_FILE), JSON.stringify(roleParts));
const openSlugs = new Set(openRoles.map((role) => role.slug));
for (const [file, page] of Object.entries(rolePages)) writeFileSync(join(client, file), composeRolePage(page, openSlugs));
writeFileSync(join(client, ROLES_FEED_PATH), composeFeed(roleParts, openRoles));
// A role posted ahead is nowhere in client/ (a static host would show it early): its page, its
// request page and its social card wait beside it, for the server to serve from its day.
const upcomingFolder = join(buildDir, UPCOMING_ROLES_FOLDER);
rmSync(upcomingFolder, { recursive: true, force: true });
const upcomingRoots = upcomingRoles.map((role) => {
  const root = join(upcomingFolder, role.slug);
  for (const file of [
    `${rolePath(role.slug)}/index.html`,
    roleRequestPageFile(role.slug),
    `${SOCIAL_CARD_DIR}/${socialCardName(rolePath(role.slug))}.png`,
  ]) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    renameSync(join(client, file), join(root, file));
  }
  rmSync(join(client, rolePath(role.slug)), { recursive: true });
  rmSync(dirname(join(client, roleRequestPageFile(role.slug))), { recursive: true });
  return root;
});

// 4. Headers for nginx and for static hosts, from the one policy; the pages of roles posted ahead run the same scripts.
const scriptHashes = [...new Set([client, ...upcomingRoots].flatMap(collectInlineScriptHashes))].sort();
const policyConfig = policyConfigFor(site);
const csp = buildCsp({ scriptHashes, ...policyConfig });
const { reports } = policyConfig;
writeFileSync(
  join(client, STATIC_HOST_HEADERS_FILE),
  renderStaticHostHeaders({ csp, reports, files: listFiles(client) }),
);
mkdirSync(join(buildDir, "deploy"), { recursive: true });
writeFileSync(
  join(buildDir, "deploy", "nginx.conf"),
  renderNginxConfig({
    csp,
    reports,
    serverName: new URL(site.siteUrl).hostname,
    publicPort: new URL(site.siteUrl).port,
    apiUpstream: server.apiUpstream,
    editor: policyConfig.editor,
    editorOrigin: site.editorOrigin,
    indexNowKey: server.search.indexNow?.key ?? null,
  }),
);
writePolicyConfig(buildDir, policyConfig);

// 5. Precompression, last, so it covers the files written above.
const compressed = precompressDirectory(client);
for (const root of upcomingRoots) precompressDirectory(root);

// 6. The stamp `npm start` checks.
writeStamp(buildDir, buildFingerprint(projectRoot, site));

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const { analytics } = policyConfig;
const thirdParties = [
  ...(policyConfig.hubspot ? [`HubSpot's ${policyConfig.hubspot.region} form hosts`] : []),
  ...(analytics
    ? [analytics.kind === "hubspot" ? `HubSpot's ${analytics.region} tracking hosts` : `Plausible at ${analytics.origin}`]
    : []),
];
console.log(
  [
    `postbuild: ${paths.length + openRoles.length} pages in sitemap.xml under ${site.siteUrl} (${openRoles.length} open roles of ${timetable.roles.length}, ${upcomingRoles.length} posted ahead)`,
    `postbuild: ${cards.rendered + cards.cached} social cards (${cards.rendered} rendered, ${cards.cached} from the cache) in ${cards.ms} ms`,
    `postbuild: CSP allows ${scriptHashes.length} inline scripts by hash, ` +
      `${thirdParties.length > 0 ? thirdParties.join(" and ") : "no third-party host"}` +
      `${reports ? ", reports violations to the API" : ""}; wrote deploy/nginx.conf and client/_headers`,
    `postbuild: precompressed ${compressed.files} files: ${kib(compressed.bytes.identity)} -> ` +
      `${kib(compressed.bytes.br)} brotli, ${kib(compressed.bytes.gzip)} gzip`,
  ].join("\n"),
);
