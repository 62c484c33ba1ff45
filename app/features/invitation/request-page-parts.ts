import { requestPageHead } from "./request-page-head";
import { islandWords, servedWords } from "./request-words";
import type { ModePart } from "./mode-part";
import type { RoleWords } from "./request-invitation-page";
import { headTags } from "./head-mode";
import type { SideImage } from "./side-image-panel";
import { openRoles } from "#app/features/roles/built-roles.ts";
import { illustration } from "#app/lib/images.ts";
import { words } from "#app/lib/content.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";

/** Each mode's illustration (content/site.yaml's alt texts). */
const SCENES = { candidate: "planning", employer: "team" } as const;

/** The request page's words and parts, made at build time from content/ (app/pages/request-invitation/). */
export async function requestPageParts() {
  const [content, siteWords, rolesWords, roles] = await Promise.all([
    words("requestInvitation"),
    words("site"),
    words("openRoles"),
    openRoles(),
  ]);
  const all = islandWords(content, siteWords.newTabHint);
  const roleWords: RoleWords = {
    ...rolesWords.requestPage,
    rolesLink: roles.length > 0 ? rolesWords.links.requestPage : null,
  };
  const image = (mode: InvitationMode): SideImage => ({
    ...illustration(SCENES[mode], siteWords.illustrations[SCENES[mode]]),
    headline: content.modes[mode].imageHeadline,
  });
  /** What the island shows of a mode (./mode-part.ts). */
  const part = (mode: InvitationMode): ModePart => ({
    words: servedWords(all, mode),
    image: image(mode),
    head: headTags(requestPageHead(mode, content)),
    errorWords: siteWords.error,
    roleWords,
  });
  return { content, siteWords, roleWords, image, part };
}
