import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { buildHead, type PageHead } from "#app/lib/seo.ts";

/**
 * Every head tag of the request page in a mode, made at build time. Each mode's canonical
 * and `og:url` is the URL its calls to action link to and its visitors share
 * (`/request-invitation?type=employer` for employers), which the servers answer with that
 * mode's own HTML (docs/decisions/0009); each mode's social card is its own too.
 */
export function requestPageHead(mode: InvitationMode, words: RequestInvitationWords): PageHead {
  const { meta, heading } = words.modes[mode];
  return buildHead({ page: { ...ROUTES.requestInvitation, ...meta, heading, path: requestPagePath(mode) } });
}
