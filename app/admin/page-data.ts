import { readContent } from "#shared/content/read.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import type { AdminPageData } from "./admin";

/**
 * What the editor's page gives the editor: its settings and the words of other files its
 * previews show. Read at build time (Node), in the page's HTML as JSON.
 */
export function editorPageData(site: SiteConfig): AdminPageData {
  if (!site.editor)
    throw new Error("/admin is built only with an editor configured (CMS_GITHUB_REPO, or npm run edit)");
  const howWeHelp = readContent("howWeHelp");
  return {
    settings: site.editor,
    siteUrl: site.siteUrl,
    siteWords: readContent("site"),
    services: { leaders: howWeHelp.leaders, organizations: howWeHelp.organizations },
    openRolesWords: readContent("openRoles"),
  };
}

/** The data as the JSON of a `<script type="application/json">`: no `</script>` can end it early. */
export const editorDataJson = (data: AdminPageData) => JSON.stringify(data).replaceAll("<", "\\u003c");
