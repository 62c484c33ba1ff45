import type { HydrateWhenTouchedOptions } from "#app/features/invitation/hydrate-when-touched.ts";

// The site's own Astro client directive (astro.config.ts): `client:touch`, the request page's island.
declare module "astro" {
  interface AstroClientDirectives {
    "client:touch"?: HydrateWhenTouchedOptions;
  }
}
