import { site } from "~/config/site";
import { requestInvitationContent } from "~/content/request-invitation";
import { loadScript } from "~/lib/load-script";
import type { EmbeddedFormRequest } from "./embedded-form";
import { DEFAULT_HUBSPOT_REGION, embedSrc, STAND_IN_FORM_IDS, STAND_IN_PORTAL_ID } from "./hubspot";
import type { InvitationMode } from "./mode";

type FormSource = Omit<EmbeddedFormRequest, "container">;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** HubSpot's legacy `inlineMessage` is HTML: the mode's confirmation, as text. */
function inlineThankYou(mode: InvitationMode): string {
  const { confirmation, modes } = requestInvitationContent;
  return `<p>${escapeHtml(confirmation.title)}</p><p>${escapeHtml(modes[mode].confirmationBody)}</p>`;
}

/**
 * Which form to create for a mode, and how: HubSpot's embed when configured (the
 * embed and region of the configuration), otherwise the site's own stand-in, which
 * speaks the legacy embed's API. Either way the script goes on the page once per
 * page load (`loadScript` shares one `<script>` per address).
 */
export function formFor(mode: InvitationMode): FormSource {
  const inlineMessage = inlineThankYou(mode);
  const { hubspot } = site;
  if (hubspot) {
    const { embed, region, portalId } = hubspot;
    return {
      embed,
      region,
      portalId,
      formId: hubspot.formIds[mode],
      inlineMessage,
      loadEmbed: () => loadScript(embedSrc(hubspot)),
    };
  }
  return {
    embed: "legacy",
    region: DEFAULT_HUBSPOT_REGION,
    portalId: STAND_IN_PORTAL_ID,
    formId: STAND_IN_FORM_IDS[mode],
    inlineMessage,
    // A separate chunk, loaded only when HubSpot is not configured.
    loadEmbed: () => import("./stand-in-embed").then(({ installStandInEmbed }) => installStandInEmbed()),
  };
}
