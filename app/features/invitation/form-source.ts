import type { HubSpotConfig } from "#shared/site-config.ts";
import type { RequestPageWords } from "./request-words";
import { loadScript } from "#app/lib/load-script.ts";
import { escapeHtml } from "#shared/text.ts";
import type { EmbeddedFormRequest } from "./embedded-form";
import { embedSrc } from "./hubspot";
import type { InvitationMode } from "#shared/invitation/mode.ts";

type FormSource = Omit<EmbeddedFormRequest, "container">;

/** HubSpot's legacy `inlineMessage` is HTML: the mode's confirmation, as text. */
function inlineThankYou(mode: InvitationMode, { confirmation, modes }: RequestPageWords): string {
  return `<p>${escapeHtml(confirmation.title)}</p><p>${escapeHtml(modes[mode].confirmationBody)}</p>`;
}

/**
 * Which HubSpot form to create for a mode, and how: the embed and region of the
 * configuration. The script goes on the page once per page load (`loadScript` shares
 * one `<script>` per address).
 */
export function formFor(mode: InvitationMode, hubspot: HubSpotConfig, words: RequestPageWords): FormSource {
  const { embed, region, portalId } = hubspot;
  return {
    embed,
    region,
    portalId,
    formId: hubspot.formIds[mode],
    inlineMessage: inlineThankYou(mode, words),
    loadEmbed: () => loadScript(embedSrc(hubspot)),
  };
}
