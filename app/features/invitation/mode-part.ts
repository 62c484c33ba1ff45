import type { ErrorWords } from "#app/components/layout/island-error-boundary.tsx";
import type { HeadTags } from "./head-mode";
import type { ServedWords } from "./request-words";
import type { RoleWords } from "./request-invitation-page";
import type { SideImage } from "./side-image-panel";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ROUTES } from "#shared/routes.ts";
import { FETCHED_PARTS_GLOBAL } from "./page-markers";

/**
 * What the request page's island shows of a mode, made at build time from content/: the words both modes share
 * and this mode's own, its side image and its head tags. Not in the page's HTML, which shows the words already
 * (docs/decisions/0029-request-page-hydrates-when-touched.md): a small JSON file beside the page
 * (app/pages/request-invitation/[mode].json.ts) that the page's head prefetches. The island's directive fetches
 * its mode's before hydrating (./hydrate-when-touched.ts), and the island the other mode's as it hydrates, so
 * the toggle's first switch finds it there.
 */
export interface ModePart {
  words: ServedWords;
  image: SideImage;
  head: HeadTags;
  /** The words of the error screen shown if the island fails. */
  errorWords: ErrorWords;
  /** The words of the chosen role's line and of the link to the open roles (content/open-roles.yaml). */
  roleWords: RoleWords;
}

/** Where a mode's part is served: `/request-invitation/employer.json`. */
export function modePartPath(mode: InvitationMode): string {
  return `${ROUTES.requestInvitation.path}/${mode}.json`;
}

type FetchedParts = Record<string, ModePart | undefined>;
const fetchedParts = (): FetchedParts => {
  const global = globalThis as unknown as Record<string, FetchedParts | undefined>;
  return (global[FETCHED_PARTS_GLOBAL] ??= {});
};

/** The parts the build renders the island with (app/pages/request-invitation/_document.astro), by path. */
const builtParts = new Map<string, ModePart>();

/** At build time: the part the island of a mode renders with (given before the island is rendered). */
export function provideModePart(mode: InvitationMode, part: ModePart): void {
  builtParts.set(modePartPath(mode), part);
}

/** The part the island renders its mode with: in the build, the one provided; in the browser, the one fetched. */
export function servedModePart(mode: InvitationMode): ModePart {
  const path = modePartPath(mode);
  const part = builtParts.get(path) ?? (typeof window === "undefined" ? undefined : fetchedParts()[path]);
  if (!part) throw new Error(`The request page's island has no part for ${path}`);
  return part;
}

const loading = new Map<InvitationMode, Promise<ModePart>>();

/** Fetches a mode's part once; a failed fetch is forgotten, so the next asks again. */
export function loadModePart(mode: InvitationMode): Promise<ModePart> {
  let part = loading.get(mode);
  if (!part) {
    const path = modePartPath(mode);
    const known = fetchedParts()[path];
    part = known
      ? Promise.resolve(known)
      : fetch(path).then((response) => {
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          return response.json() as Promise<ModePart>;
        });
    part.catch(() => loading.delete(mode));
    loading.set(mode, part);
  }
  return part;
}
