// Each mode's part of the request page (app/features/invitation/mode-part.ts): the JSON the island fetches to
// show the mode its HTML does not, `/request-invitation/candidate.json` and `/request-invitation/employer.json`.
import type { APIRoute, GetStaticPaths } from "astro";
import { requestPageParts } from "#app/features/invitation/request-page-parts.ts";
import { INVITATION_MODES, parseMode } from "#shared/invitation/mode.ts";

export const getStaticPaths = (() => INVITATION_MODES.map((mode) => ({ params: { mode } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const parts = await requestPageParts();
  return new Response(JSON.stringify(parts.part(parseMode(params.mode))), {
    headers: { "Content-Type": "application/json" },
  });
};
