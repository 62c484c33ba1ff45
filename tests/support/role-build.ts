/**
 * A synthetic build with roles, laid out as the build writes one (BUILD_DIR/client with the
 * role pages, the list, the 410 page, the request page per role, the sitemap and the feed;
 * roles.json, the list's parts, the roles posted ahead and the policy configuration beside it;
 * brotli and gzip variants), for the tests of how the servers open and close a role on its day.
 * Small and fast to make, so a test can choose each role's times to the millisecond.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROLES_FEED_PATH, rolePath } from "#shared/roles/page.ts";
import { ROLE_TIMETABLE_FILE, isOpen, isUpcoming, type RoleTimetableEntry } from "#shared/roles/timetable.ts";
import {
  composeFeed,
  composeRolePage,
  composeSitemap,
  ROLE_PARTS_FILE,
  UPCOMING_ROLES_FOLDER,
  type RoleParts,
} from "../../server/http/role-documents";
import { precompressDirectory } from "../../scripts/build/precompress";
import { writePolicyConfig } from "../../server/http/policy-config";
import {
  GONE_FILE,
  HOME_FILE,
  roleRequestPageFile,
  ROLES_LIST_FILE,
  SITEMAP_PATH,
} from "../../server/http/static-policy";

export const ROLE_BUILD_SITE_URL = "https://network.example";

/** A role of the synthetic build; times in ms since the epoch, as roles.json holds them (open from 0 unless given). */
export type TestRole = Pick<RoleTimetableEntry, "slug" | "title" | "closesAt"> & { opensAt?: number };

/** Enough repeated markup that compression pays, as on the real pages (their CSS is inlined). */
const STYLE = `<style>${".card{margin:0 auto;padding:1rem;border:1px solid #ccc}\n".repeat(40)}</style>`;
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${STYLE}</head><body>${body}</body></html>\n`;

/** The list's item of a role. */
export const roleItem = (role: TestRole) =>
  `<li class="card"><a href="${rolePath(role.slug)}">${role.title}</a><p>Remote, United States</p></li>`;

/**
 * Writes the build into a new temporary BUILD_DIR and returns it: pages and request pages for
 * the roles open at `now` in client/, for those posted ahead beside it; every role in roles.json;
 * the list, the sitemap and the feed of the open ones, and the list's parts.
 */
export function writeRoleBuild(testRoles: readonly TestRole[], now: number = Date.now()): string {
  const buildDir = mkdtempSync(join(tmpdir(), "role-build-"));
  const client = join(buildDir, "client");
  const writeUnder = (root: string) => (file: string, content: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  };
  const write = writeUnder(client);
  const roles: RoleTimetableEntry[] = testRoles.map((role) => ({
    opensAt: 0,
    ...role,
    lastModified: "2026-11-20",
    version: `${role.slug}-1`,
    summary: `${role.title}, Confidential, Remote, United States: an executive talent acquisition role.`,
  }));
  const open = roles.filter((role) => isOpen(role, now));
  const ahead = roles.filter((role) => isUpcoming(role, now));
  write("/404.html", page("Not found", "<h1>Not found</h1>"));
  write(GONE_FILE, page("This role has closed", '<h1>This role has closed</h1><a href="/roles">Open roles</a>'));
  write("/request-invitation/index.html", page("Request an invitation", "<h1>Request an invitation</h1>"));
  write("/request-invitation/employer/index.html", page("Submit a talent brief", "<h1>Employers</h1>"));
  const items = [...open, ...ahead].map((role) => ({ shown: `item:${role.slug}` as const, html: roleItem(role) }));
  const parts: RoleParts = {
    siteUrl: ROLE_BUILD_SITE_URL,
    siteName: "TA Leadership Network",
    feedTitle: "Executive TA roles, open now",
    pages: {
      [ROLES_LIST_FILE]: {
        parts: [
          {
            shown: "always",
            html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Open roles</title>${STYLE}</head><body><h1>`,
          },
          { shown: "some", html: "Open roles" },
          { shown: "none", html: "Roles" },
          { shown: "always", html: "</h1>" },
          { shown: "some", html: "<ul>" },
          ...items,
          { shown: "some", html: "</ul>" },
          { shown: "none", html: "<p>No roles are open right now.</p>" },
          { shown: "some", html: "<p>Not the right role?</p>" },
          { shown: "always", html: "</body></html>\n" },
        ],
      },
      // The home page's band: the newest few open roles, under the band's heading.
      [HOME_FILE]: {
        parts: [
          { shown: "always", html: page("Home", "<h1>Home</h1>").replace("</body></html>\n", "") },
          { shown: "some", html: '<section id="open-roles"><h2>Open roles</h2><ul>' },
          ...items,
          { shown: "some", html: "</ul></section>" },
          { shown: "always", html: "</body></html>\n" },
        ],
        maxItems: 2,
      },
    },
  };
  writeFileSync(join(buildDir, ROLE_PARTS_FILE), JSON.stringify(parts));
  const openSlugs = new Set(open.map((role) => role.slug));
  for (const [file, rolePage] of Object.entries(parts.pages)) write(file, composeRolePage(rolePage, openSlugs));
  write(ROLES_FEED_PATH, composeFeed(parts, open));
  write(SITEMAP_PATH, composeSitemap(ROLE_BUILD_SITE_URL, open));
  for (const role of open) {
    write(`${rolePath(role.slug)}/index.html`, page(role.title, `<h1>${role.title}</h1>`));
    write(roleRequestPageFile(role.slug), page("Request an invitation", `<h1>About: ${role.title}</h1>`));
  }
  for (const role of ahead) {
    const root = join(buildDir, UPCOMING_ROLES_FOLDER, role.slug);
    writeUnder(root)(`${rolePath(role.slug)}/index.html`, page(role.title, `<h1>${role.title}</h1>`));
    writeUnder(root)(roleRequestPageFile(role.slug), page("Request an invitation", `<h1>About: ${role.title}</h1>`));
    precompressDirectory(root);
  }
  writeFileSync(join(buildDir, ROLE_TIMETABLE_FILE), `${JSON.stringify({ roles }, null, 2)}\n`);
  writePolicyConfig(buildDir, { hubspot: null, reports: false });
  precompressDirectory(client);
  return buildDir;
}

/** The `<loc>` paths of a sitemap, in order. */
export const sitemapPaths = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

/** The slugs of a list page's items, in order: the roles its links lead to. */
export const listedRoles = (html: string) =>
  [...html.matchAll(/<a href="\/roles\/([a-z0-9-]+)"/g)].map((match) => match[1]);

/** The roles a feed lists, in order. */
export const feedRoles = (xml: string) =>
  [...xml.matchAll(/<entry>[\s\S]*?<id>([^<]+)<\/id>/g)].map((match) =>
    new URL(match[1]!).pathname.slice("/roles/".length),
  );
