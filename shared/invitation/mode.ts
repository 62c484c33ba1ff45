/** Who the request page speaks to: a TA leader (the default) or an employer (docs/product.md#pages). */
export type InvitationMode = "candidate" | "employer";

/** The query parameter that selects the request page's mode: `?type=employer`. */
export const MODE_PARAM = "type";

export const INVITATION_MODES = ["candidate", "employer"] as const satisfies readonly InvitationMode[];

/** `employer` only for exactly `type=employer`; anything else, or nothing, is `candidate`. */
export function parseMode(value: string | null | undefined): InvitationMode {
  return value === "employer" ? "employer" : "candidate";
}

export function modeFromSearch(search: string | URLSearchParams): InvitationMode {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return parseMode(params.get(MODE_PARAM));
}

/**
 * The query for a mode, keeping any other parameters (campaign tags, for instance).
 * The default mode drops `type`, so the plain path stays the canonical leader link.
 */
export function searchForMode(current: URLSearchParams, mode: InvitationMode): URLSearchParams {
  const next = new URLSearchParams(current);
  if (mode === "employer") next.set(MODE_PARAM, "employer");
  else next.delete(MODE_PARAM);
  return next;
}
