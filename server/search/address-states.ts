/**
 * What each role's address shows at a moment, for each engine (push-outbox.ts): a role's page while
 * it is open (the version of its file, so a changed role is pushed again), nothing before it opens
 * and once it has closed (404, 410). IndexNow also hears of the list (`/roles`) and the sitemap
 * when the open roles change; Google's Indexing API takes only pages with a JobPosting.
 */
import { createHash } from "node:crypto";
import { ROUTES } from "#shared/routes.ts";
import { rolePath } from "#shared/roles/page.ts";
import { type RoleTimetable } from "#shared/roles/timetable.ts";
import { ABSENT, shownState, type AddressState, type SearchEngine } from "./push-outbox";

/** The sitemap's path (server/http/static-policy.ts names the same file). */
const SITEMAP = "/sitemap.xml";

/** What the pushes need of each role of the build. */
export interface PushedRole {
  slug: string;
  /** The role is open from `opensAt` to `closesAt`, both included (ms). */
  opensAt: number;
  closesAt: number;
  /** Changes with the role's file: its page changed. */
  version: string;
  /** The day its page last changed: the sitemap's `lastmod`. */
  lastModified: string;
}

export const isOpenAt = (role: Pick<PushedRole, "opensAt" | "closesAt">, now: number) =>
  role.opensAt <= now && now <= role.closesAt;

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);

export function addressStates(
  roles: readonly PushedRole[],
  now: number,
  siteUrl: string,
  engines: readonly SearchEngine[],
): AddressState[] {
  const absolute = (path: string) => new URL(path, `${siteUrl}/`).href;
  const open = roles.filter((role) => isOpenAt(role, now)).sort((a, b) => a.slug.localeCompare(b.slug));
  const pages = roles.map((role) => ({
    url: absolute(rolePath(role.slug)),
    state: isOpenAt(role, now) ? shownState(role.version) : ABSENT,
  }));
  // What the list and the sitemap show of the roles: which are open, each as it is.
  const listed = [
    {
      url: absolute(ROUTES.openRoles.path),
      state: shownState(digest(open.map((role) => `${role.slug} ${role.version}`).join("\n"))),
    },
    {
      url: absolute(SITEMAP),
      state: shownState(digest(open.map((role) => `${role.slug} ${role.lastModified}`).join("\n"))),
    },
  ];
  return engines.flatMap((engine) =>
    (engine === "indexnow" ? [...pages, ...listed] : pages).map((address) => ({ engine, ...address })),
  );
}

/** The next moment after `now` at which a role opens or closes, or null when none will. */
export function nextChangeAt(roles: readonly PushedRole[], now: number): number | null {
  const moments = roles.flatMap((role) => [role.opensAt, role.closesAt + 1]).filter((moment) => moment > now);
  return moments.length > 0 ? Math.min(...moments) : null;
}

/** The roles of the build's timetable (BUILD_DIR/roles.json) as the pushes see them. */
export function pushedRoles(timetable: RoleTimetable): PushedRole[] {
  return timetable.roles.map((role) => ({
    slug: role.slug,
    opensAt: role.opensAt,
    closesAt: role.closesAt,
    version: role.version,
    lastModified: role.lastModified,
  }));
}
