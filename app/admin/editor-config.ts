/**
 * The editor's configuration (Decap CMS, docs/decisions/0022-git-based-editor.md), given
 * to it in code rather than as a config.yml the site would serve: where it saves (this site's
 * server on EDITOR_ORIGIN, or this checkout under `npm run edit`), and one form per file of content/, made from the
 * file's schema (./editor-fields.ts).
 */
import type { CmsBackend, CmsCollection, CmsCollectionFile, CmsConfig, CmsField, CmsFieldBase } from "decap-cms-core";
import { apiPath, API_ROUTES } from "#shared/api-paths.ts";
import { CONTENT } from "#shared/content/collections.ts";
import { CONTENT_NAMES, PAGES, type ContentName } from "#shared/pages.ts";
import { ROLES_PATH } from "#shared/roles/page.ts";
import { DESCRIPTION_MIN_LENGTH, ROLES_FOLDER, roleBodySchema, roleSchema } from "#shared/roles/schema.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { checkName, objectFields, type EditorField } from "./editor-fields";
import { ROLE_BODY, ROLES_COLLECTION } from "./entry-checks";
import { FILE_TEXT_WIDGET } from "./file-text-names";
import { FILE_TEXT, PAGE_FORMAT, toFormFields } from "./form-shape";
import { MEDIA_FOLDER, MEDIA_PATH } from "./media-folder";
import siteIcon from "../../assets-src/icon.svg?raw";

export type EditorSettings = NonNullable<SiteConfig["editor"]>;

/** The editor's API on its own origin (server/editor/api.ts): Decap's proxy protocol, behind the signed-in session. */
export const EDITOR_API_PATH = apiPath(API_ROUTES.editorApi);

/**
 * The editor's groups of files of content/, in its menu: a file with a page of its own is among the
 * pages, the others in the group the table of pages gives them (shared/pages.ts).
 */
export const EDITOR_GROUPS = {
  pages: { label: "Pages", preview: true },
  shared: { label: "Shared words", preview: false },
  emails: { label: "Emails", preview: true },
} as const;
type EditorGroup = keyof typeof EDITOR_GROUPS;
type GroupOf<Name extends ContentName> = (typeof PAGES)[Name] extends { group: infer Group extends EditorGroup }
  ? Group
  : "pages";

const groupOf = (name: ContentName): EditorGroup => {
  const entry = PAGES[name];
  return "group" in entry ? entry.group : "pages";
};

/** The files whose group the editor previews: each has a preview (./previews.tsx), or the typecheck fails. */
export type PreviewedName = {
  [Name in ContentName]: (typeof EDITOR_GROUPS)[GroupOf<Name>]["preview"] extends true ? Name : never;
}[ContentName];

/**
 * A form's field as Decap's types describe it, with what the site's controls read beside it
 * (./checked-widgets.tsx: `check`, `path`). Decap's list reads `typeKey` (the kinds of its items),
 * which its types leave out.
 */
export type DecapField = CmsField & Pick<EditorField, "check" | "path"> & { typeKey?: string };

/**
 * A field of a control the editor registers itself (./admin.tsx: "date", "fixed"). Decap's types
 * know only Decap's own controls, so this one cast says it is a field all the same.
 */
const ownControl = (field: CmsFieldBase & { widget: "date" | "fixed" | typeof FILE_TEXT_WIDGET; default?: unknown }) =>
  field as unknown as DecapField;

/** A field the form generator made (./editor-fields.ts), as Decap's configuration has it. */
function decapField(field: EditorField): DecapField {
  const { widget, options, fields, field: item, types, value_type, default: value, ...rest } = field;
  switch (widget) {
    case "string":
    case "text":
      return { ...rest, widget };
    case "number":
      return { ...rest, widget, ...(value_type ? { value_type } : {}) };
    case "select":
      return { ...rest, widget, options: options ?? [], ...(value !== undefined ? { default: String(value) } : {}) };
    case "object":
      return { ...rest, widget, fields: (fields ?? []).map(decapField) };
    case "list":
      return {
        ...rest,
        widget,
        ...(value !== undefined ? { default: value } : {}),
        ...(item ? { field: decapField(item) } : {}),
        ...(fields ? { fields: fields.map(decapField) } : {}),
        ...(types
          ? {
              types: types.map((type) => ({
                ...type,
                widget: "object" as const,
                fields: (type.fields ?? []).map(decapField),
              })),
            }
          : {}),
      };
    case "date":
    case "fixed":
      return ownControl({ ...rest, widget, ...(value !== undefined ? { default: value } : {}) });
    default:
      throw new Error(`decapField: no Decap control for "${field.name}" (${widget})`);
  }
}

/** A files collection: one entry per file of content/, each with its form. */
export type FilesCollection = Omit<CmsCollection, "files" | "folder" | "fields"> & {
  files: (CmsCollectionFile & { fields: DecapField[] })[];
};

/** A folder of one file per entry: the roles, content/roles/<slug>.md. */
export type FolderCollection = Omit<CmsCollection, "files" | "folder" | "fields"> & {
  folder: string;
  fields: DecapField[];
};

/**
 * The roles, one file each (docs/decisions/0025-roles-close-on-their-day.md): the front matter from the role's
 * schema, the body the description in Markdown without HTML (the build refuses HTML; the
 * toolbar offers none).
 */
export function rolesCollection(): FolderCollection {
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
      ...objectFields(roleSchema).map(decapField),
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

/** Decap's configuration, as this editor gives it: every collection one of the two kinds above. */
export interface DecapConfig extends Omit<CmsConfig, "collections" | "backend"> {
  backend: CmsBackend;
  collections: (FilesCollection | FolderCollection)[];
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
  const entry = PAGES[name];
  // "View Live": the page the file holds the words of, or where they show.
  const live = "path" in entry ? entry.path : "shownAt" in entry ? entry.shownAt : undefined;
  return {
    name,
    label: entry.label,
    file: `content/${file}`,
    ...(live ? { preview_path: live.slice(1) } : {}),
    fields: [fileTextField(), ...toFormFields(objectFields(schema)).map(decapField)],
  };
}

/**
 * The file's text, shown only while it does not parse, in place of the fields it would fill
 * (./file-text-widget.tsx): the way to fix a file the form cannot open.
 */
const fileTextField = () =>
  ownControl({
    name: FILE_TEXT,
    label: "The file's text",
    widget: FILE_TEXT_WIDGET,
    required: false,
    hint: "This file's text does not read as the site's format, so its fields cannot show. Fix it where the message says, then publish.",
  });

function filesCollection(group: EditorGroup): FilesCollection {
  const { label, preview } = EDITOR_GROUPS[group];
  const files = CONTENT_NAMES.filter((name) => groupOf(name) === group).map(fileEntry);
  return { name: group, label, editor: { preview }, format: PAGE_FORMAT, extension: "yaml", files };
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
  // Both talk Decap's proxy protocol: `npm run edit`'s decap-server on this machine, or this site's server.
  const backend: CmsBackend = {
    name: "proxy",
    proxy_url: settings.backend === "local" ? settings.url : `${origin}${EDITOR_API_PATH}`,
  };
  const liveSite = settings.backend === "local" ? origin : siteUrl;
  return {
    load_config_file: false,
    // The sign-in screen's picture: the site's mark and name, where Decap shows its own.
    logo: { src: siteMark(siteName) },
    backend,
    site_url: liveSite,
    display_url: liveSite,
    // No field of these forms takes an image: the library is a folder of its own, never public/brand's icons.
    media_folder: MEDIA_FOLDER,
    public_folder: MEDIA_PATH,
    locale: "en",
    // A role's file name from its title: only the letters, digits and hyphens of an address (shared/roles/page.ts, ROLE_SLUG).
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections: [...(Object.keys(EDITOR_GROUPS) as EditorGroup[]).map(filesCollection), rolesCollection()],
  };
}
