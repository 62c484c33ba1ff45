import { checkAllContent, ContentError, readContent, readContentUnchecked } from "#shared/content/read.ts";
import type { Content } from "#shared/content/collections.ts";
import type { ContentName } from "#shared/pages.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import type { AdminPageData } from "./admin";

/**
 * A file's words for a preview: checked, or as they are while the file is refused (the editor opens
 * to fix it; a preview may then show less).
 */
function wordsFor<Name extends ContentName>(name: Name): Content<Name> {
  try {
    return readContent(name);
  } catch (error) {
    if (error instanceof ContentError) return (readContentUnchecked(name) ?? {}) as Content<Name>;
    throw error;
  }
}

/**
 * What the editor's page gives the editor: its settings and the words of other files its
 * previews show. Read at build time (Node), in the page's HTML as JSON.
 */
export function editorPageData(site: SiteConfig): AdminPageData {
  if (!site.editor) throw new Error("/admin is built only with an editor configured (EDITOR_ORIGIN, or npm run edit)");
  const howWeHelp = wordsFor("howWeHelp");
  return {
    settings: site.editor,
    siteUrl: site.siteUrl,
    siteName: site.siteName,
    siteWords: wordsFor("site"),
    services: { leaders: howWeHelp.leaders, organizations: howWeHelp.organizations },
    openRolesWords: wordsFor("openRoles"),
  };
}

/** The files of content/ the build would refuse now, each with its fields: the development editor names them. */
export const refusedContent = (): string[] => checkAllContent();

/** The data as the JSON of a `<script type="application/json">`: no `</script>` can end it early. */
export const editorDataJson = (data: AdminPageData) => JSON.stringify(data).replaceAll("<", "\\u003c");
