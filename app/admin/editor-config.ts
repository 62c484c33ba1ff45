/**
 * The editor's configuration (Decap CMS, docs/decisions/0022-git-based-editor.md), given
 * to it in code rather than as a config.yml the site would serve: where it saves (GitHub,
 * or this checkout under `npm run edit`), and one form per file of content/, made from the
 * file's schema (./editor-fields.ts).
 */
import { CONTENT, type ContentName } from "#shared/content/collections.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { DESCRIPTION_MIN_LENGTH, ROLES_FOLDER, roleSchema } from "#shared/content/roles.ts";
import { objectFields, type EditorField } from "./editor-fields";

export type EditorSettings = NonNullable<SiteConfig["editor"]>;

/** Where GitHub sign-in starts on the site's own server (server/api/editor-sign-in.ts). */
export const EDITOR_AUTH_ENDPOINT = "api/editor/auth";

/** How each file is named in the editor, in the order its menu lists them. */
const FILE_LABELS: Readonly<Record<ContentName, string>> = {
  home: "Home",
  mission: "Our Mission",
  howWeHelp: "How We Help",
  whoWeAre: "Who We Are",
  requestInvitation: "Request an invitation",
  terms: "Terms of Engagement",
  site: "Every page: navigation, footer, 404",
  requestRefused: "Pages of a request not sent (without JavaScript)",
  emails: "Emails to the team and to requesters",
  openRoles: "Open roles: the list, the role pages' labels, the links",
};

const PAGES: readonly ContentName[] = [
  "home",
  "mission",
  "howWeHelp",
  "whoWeAre",
  "requestInvitation",
  "terms",
  "openRoles",
];
const SHARED: readonly ContentName[] = ["site", "requestRefused"];

interface FilesCollection {
  name: string;
  label: string;
  editor: { preview: boolean };
  files: { name: string; label: string; file: string; fields: EditorField[] }[];
}

/** A folder of one file per entry: the roles, content/roles/<slug>.md. */
interface RolesCollection {
  name: string;
  label: string;
  label_singular: string;
  editor: { preview: boolean };
  folder: string;
  create: boolean;
  delete: boolean;
  extension: "md";
  format: "frontmatter";
  slug: string;
  identifier_field: string;
  summary: string;
  fields: EditorField[];
}

/**
 * The roles, one file each (docs/decisions/0025-roles-close-on-their-day.md): the front matter from the role's
 * schema, the body the description in Markdown without HTML (the build refuses HTML; the
 * toolbar offers none).
 */
export function rolesCollection(): RolesCollection {
  return {
    name: "roles",
    label: "Open roles",
    label_singular: "Role",
    editor: { preview: true },
    folder: `content/${ROLES_FOLDER}`,
    create: true,
    delete: true,
    extension: "md",
    format: "frontmatter",
    // The file's name is the role's address: /roles/<slug>.
    slug: "{{slug}}",
    identifier_field: "title",
    summary: "{{title}} (closes {{validThrough}})",
    fields: [
      ...objectFields(roleSchema),
      {
        name: "body",
        label: "Description",
        widget: "markdown",
        required: true,
        hint: `What the role is, in at least ${DESCRIPTION_MIN_LENGTH} characters: paragraphs, lists, bold. No HTML.`,
        modes: ["rich_text", "raw"],
        buttons: ["bold", "italic", "link", "bulleted-list", "numbered-list"],
        editor_components: [],
      },
    ],
  };
}

export interface DecapConfig {
  load_config_file: false;
  backend: Record<string, unknown>;
  publish_mode?: "simple" | "editorial_workflow";
  site_url: string;
  display_url: string;
  media_folder: string;
  public_folder: string;
  locale: string;
  collections: (FilesCollection | RolesCollection)[];
}

function fileEntry(name: ContentName) {
  const { file, schema } = CONTENT[name];
  return { name, label: FILE_LABELS[name], file: `content/${file}`, fields: objectFields(schema) };
}

/** The whole configuration: the backend for these settings and the site's files, in two groups. */
export function decapConfig(settings: EditorSettings, siteUrl: string, origin: string = siteUrl): DecapConfig {
  const backend =
    settings.backend === "local"
      ? { name: "proxy", proxy_url: settings.url, branch: settings.branch }
      : {
          name: "github",
          repo: settings.repo,
          branch: settings.branch,
          // Sign-in goes through the site's own server (holding the GitHub App's secret), on the editor's own origin.
          base_url: origin,
          auth_endpoint: EDITOR_AUTH_ENDPOINT,
          squash_merges: true,
        };
  return {
    load_config_file: false,
    backend,
    // A pull request per edit, which the gate checks before anyone merges it (docs/deployment.md).
    ...(settings.backend === "github" && settings.publishMode === "pull-request"
      ? { publish_mode: "editorial_workflow" as const }
      : {}),
    site_url: siteUrl,
    display_url: siteUrl,
    // The words have no media: Decap asks for a folder all the same (no widget of these forms writes one).
    media_folder: "public/brand",
    public_folder: "/brand",
    locale: "en",
    collections: [
      { name: "pages", label: "Pages", editor: { preview: true }, files: PAGES.map(fileEntry) },
      { name: "shared", label: "Shared words", editor: { preview: false }, files: SHARED.map(fileEntry) },
      { name: "emails", label: "Emails", editor: { preview: true }, files: [fileEntry("emails")] },
      rolesCollection(),
    ],
  };
}
