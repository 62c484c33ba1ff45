import { site } from "~/config/site";
import { loadScript } from "~/lib/load-script";
import { HUBSPOT_EMBED_SRC, STAND_IN_FORM_IDS, STAND_IN_PORTAL_ID } from "./hubspot";
import type { InvitationMode } from "./mode";

/** Which form to create for a mode: HubSpot's when configured, the stand-in's otherwise. */
export function formFor(mode: InvitationMode): { portalId: string; formId: string } {
  return site.hubspot
    ? { portalId: site.hubspot.portalId, formId: site.hubspot.formIds[mode] }
    : { portalId: STAND_IN_PORTAL_ID, formId: STAND_IN_FORM_IDS[mode] };
}

/**
 * Puts an embed script on the page: HubSpot's v2 script when configured, otherwise the
 * site's own stand-in, loaded as a separate chunk only in that case. Either way the
 * caller then waits for `window.hbspt.forms.create`, so both run the same code path.
 */
export function loadFormEmbed(): Promise<void> {
  if (site.hubspot) return loadScript(HUBSPOT_EMBED_SRC);
  return import("./stand-in-embed").then(({ installStandInEmbed }) => installStandInEmbed());
}
