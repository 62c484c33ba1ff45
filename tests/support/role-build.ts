/**
 * A synthetic build with roles, laid out as the build writes one (BUILD_DIR/client with the
 * role pages, the list, the 410 page, the request page per role and the sitemap; roles.json
 * and the policy configuration beside it; brotli and gzip variants), for the tests of how the
 * servers close a role on its day. Small and fast to make, so a test can choose each role's
 * closing time to the millisecond.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { rolePath } from "#shared/roles/page.ts";
import { ROLE_TIMETABLE_FILE, isOpen, type RoleTimetableEntry } from "#shared/roles/timetable.ts";
import { precompressDirectory } from "../../scripts/build/precompress";
import { writePolicyConfig } from "../../server/http/policy-config";
import { GONE_FILE, roleRequestPageFile, ROLES_LIST_FILE, SITEMAP_PATH } from "../../server/http/static-policy";

export const ROLE_BUILD_SITE_URL = "https://network.example";

/** A role of the synthetic build; `closesAt` in ms since the epoch, as roles.json holds it. */
export type TestRole = Pick<RoleTimetableEntry, "slug" | "title" | "closesAt">;

/** Enough repeated markup that compression pays, as on the real pages (their CSS is inlined). */
const STYLE = `<style>${".card{margin:0 auto;padding:1rem;border:1px solid #ccc}\n".repeat(40)}</style>`;
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${STYLE}</head><body>${body}</body></html>\n`;

/** The list's item of a role, one `<li data-role>` with no `<li>` inside, as the list page's contract has it. */
export const roleItem = (role: TestRole) =>
  `<li data-role="${role.slug}" class="card"><a href="${rolePath(role.slug)}">${role.title}</a><p>Remote, United States</p></li>`;

/**
 * Writes the build into a new temporary BUILD_DIR and returns it: pages and request pages for
 * the roles open at `now`, every role in roles.json and the sitemap lists the open ones.
 */
export function writeRoleBuild(roles: readonly TestRole[], now: number = Date.now()): string {
  const buildDir = mkdtempSync(join(tmpdir(), "role-build-"));
  const client = join(buildDir, "client");
  const write = (file: string, content: string) => {
    mkdirSync(dirname(join(client, file)), { recursive: true });
    writeFileSync(join(client, file), content);
  };
  const open = roles.filter((role) => isOpen(role, now));
  write("/404.html", page("Not found", "<h1>Not found</h1>"));
  write(GONE_FILE, page("This role has closed", '<h1>This role has closed</h1><a href="/roles">Open roles</a>'));
  write("/index.html", page("Home", "<h1>Home</h1>"));
  write("/request-invitation/index.html", page("Request an invitation", "<h1>Request an invitation</h1>"));
  write("/request-invitation/employer/index.html", page("Submit a talent brief", "<h1>Employers</h1>"));
  write(
    ROLES_LIST_FILE,
    page("Open roles", `<h1>Open roles</h1><ul data-role-list>\n${open.map(roleItem).join("\n")}\n</ul>`),
  );
  for (const role of open) {
    write(`${rolePath(role.slug)}/index.html`, page(role.title, `<h1>${role.title}</h1>`));
    write(roleRequestPageFile(role.slug), page("Request an invitation", `<h1>About: ${role.title}</h1>`));
  }
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${ROLE_BUILD_SITE_URL}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  write(
    SITEMAP_PATH,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url("/"),
      ...(open.length > 0 ? [url("/roles")] : []),
      ...open.map((role) => url(rolePath(role.slug), "2026-11-20")),
      url("/request-invitation"),
      "</urlset>",
      "",
    ].join("\n"),
  );
  const timetable = { roles: roles.map((role) => ({ ...role, lastModified: "2026-11-20" })) };
  writeFileSync(join(buildDir, ROLE_TIMETABLE_FILE), `${JSON.stringify(timetable, null, 2)}\n`);
  writePolicyConfig(buildDir, { hubspot: null, reports: false });
  precompressDirectory(client);
  return buildDir;
}

/** The `<loc>` paths of a sitemap, in order. */
export const sitemapPaths = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

/** The slugs of a list page's items, in order. */
export const listedRoles = (html: string) => [...html.matchAll(/<li data-role="([^"]+)"/g)].map((match) => match[1]);
