/**
 * The editor's configuration (Decap CMS, docs/decisions/0022-git-based-editor.md), given
 * to it in code rather than as a config.yml the site would serve: where it saves (GitHub,
 * or this checkout under `npm run edit`), and one form per file of content/, made from the
 * file's schema (./editor-fields.ts).
 */
import { CONTENT, type ContentName } from "#shared/content/collections.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { DESCRIPTION_MIN_LENGTH, ROLES_FOLDER, roleBodySchema, roleSchema } from "#shared/roles/schema.ts";
import { ROUTES } from "#shared/routes.ts";
import { ROLES_PATH } from "#shared/roles/page.ts";
import { checkName, objectFields, type EditorField } from "./editor-fields";
import { ROLE_BODY, ROLES_COLLECTION } from "./entry-checks";
import { PAGE_FORMAT, toFormFields } from "./form-shape";
import { MEDIA_FOLDER, MEDIA_PATH } from "./media-folder";
import siteIcon from "../../assets-src/icon.svg?raw";

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
  emails: "Emails: to each requester, and the team's",
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

/** Where "View Live" leads for each file: the page it holds the words of. */
const LIVE_PATHS: Partial<Readonly<Record<ContentName, string>>> = {
  home: ROUTES.home.path,
  mission: ROUTES.mission.path,
  howWeHelp: ROUTES.howWeHelp.path,
  whoWeAre: ROUTES.whoWeAre.path,
  requestInvitation: ROUTES.requestInvitation.path,
  terms: ROUTES.terms.path,
  openRoles: ROUTES.roles.path,
  site: ROUTES.home.path,
};

interface FilesCollection {
  name: string;
  label: string;
  editor: { preview: boolean };
  format: string;
  extension: string;
  files: { name: string; label: string; file: string; preview_path?: string; fields: EditorField[] }[];
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
  preview_path: string;
  fields: EditorField[];
}

/**
 * The roles, one file each (docs/decisions/0025-roles-close-on-their-day.md): the front matter from the role's
 * schema, the body the description in Markdown without HTML (the build refuses HTML; the
 * toolbar offers none).
 */
export function rolesCollection(): RolesCollection {
  return {
    name: ROLES_COLLECTION,
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
    summary: "{{title}} (open until {{validThrough}})",
    preview_path: `${ROLES_PATH.slice(1)}/{{slug}}`,
    fields: [
      ...objectFields(roleSchema),
      {
        name: ROLE_BODY,
        label: "Description",
        widget: "markdown",
        required: true,
        hint: `What the role is, in at least ${DESCRIPTION_MIN_LENGTH} characters: paragraphs, lists, bold. No HTML.`,
        modes: ["rich_text", "raw"],
        buttons: ["bold", "italic", "link", "bulleted-list", "numbered-list"],
        editor_components: [],
        check: checkName(roleBodySchema),
        path: [ROLE_BODY],
      },
    ],
  };
}

export interface DecapConfig {
  load_config_file: false;
  /** The sign-in screen's picture: the site's mark and name, where Decap shows its own. */
  logo: { src: string };
  backend: Record<string, unknown>;
  publish_mode?: "simple" | "editorial_workflow";
  site_url: string;
  display_url: string;
  media_folder: string;
  public_folder: string;
  locale: string;
  /** A role's file name from its title: only the letters, digits and hyphens of an address (shared/roles/page.ts, ROLE_SLUG). */
  slug: { encoding: "ascii"; clean_accents: true; sanitize_replacement: "-" };
  collections: (FilesCollection | RolesCollection)[];
}

/**
 * The site's mark and name as one picture (an SVG as a data: address, which the editor's page allows
 * for images): the sign-in screen names the site.
 */
export function siteMark(siteName: string): string {
  const name = `The ${siteName}`.replace(/[<>&"]/g, "");
  const width = Math.round(64 + name.length * 11.5);
  const icon = siteIcon.replace("<svg ", '<svg x="0" y="4" width="48" height="48" ');
  // Decap shows the picture in a box 300 pixels wide: a long name is drawn smaller.
  const shown = Math.min(width, 300);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${shown}" height="${Math.round((56 * shown) / width)}" viewBox="0 0 ${width} 56">${icon}<text x="62" y="25" textLength="${width - 64}" lengthAdjust="spacingAndGlyphs" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="#0b1f3a">${name}</text><text x="62" y="46" font-family="system-ui, sans-serif" font-size="14" fill="#5e6473">Words and open roles</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function fileEntry(name: ContentName) {
  const { file, schema } = CONTENT[name];
  const live = LIVE_PATHS[name];
  return {
    name,
    label: FILE_LABELS[name],
    file: `content/${file}`,
    ...(live ? { preview_path: live.slice(1) } : {}),
    fields: toFormFields(objectFields(schema)),
  };
}

function filesCollection(
  name: string,
  label: string,
  preview: boolean,
  files: readonly ContentName[],
): FilesCollection {
  return { name, label, editor: { preview }, format: PAGE_FORMAT, extension: "yaml", files: files.map(fileEntry) };
}

/**
 * The whole configuration: the backend for these settings and the site's files, in groups.
 * `origin` is the editor's page's own: under `npm run edit` the development server, which is also
 * the site the marketer sees ("View Live").
 */
export function decapConfig(
  settings: EditorSettings,
  siteUrl: string,
  origin: string = siteUrl,
  siteName = "",
): DecapConfig {
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
  const liveSite = settings.backend === "local" ? origin : siteUrl;
  return {
    load_config_file: false,
    logo: { src: siteMark(siteName) },
    backend,
    // A pull request per edit, which the gate checks before anyone merges it (docs/deployment.md).
    ...(settings.backend === "github" && settings.publishMode === "pull-request"
      ? { publish_mode: "editorial_workflow" as const }
      : {}),
    site_url: liveSite,
    display_url: liveSite,
    // No field of these forms takes an image: the library is a folder of its own, never public/brand's icons.
    media_folder: MEDIA_FOLDER,
    public_folder: MEDIA_PATH,
    locale: "en",
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [
      filesCollection("pages", "Pages", true, PAGES),
      filesCollection("shared", "Shared words", false, SHARED),
      filesCollection("emails", "Emails", true, ["emails"]),
      rolesCollection(),
    ],
  };
}
