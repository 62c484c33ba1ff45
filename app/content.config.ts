// The site's words as Astro content collections: one file each under content/ at the repository's
// root, checked by its schema in shared/content/ (the one definition of its shape, which the
// server's reader applies too). A bad edit stops the build naming the file and the field; the
// development server starts all the same and says what to fix (docs/decisions/0022-git-based-editor.md).
import { defineCollection } from "astro:content";
import { glob, type Loader, type LoaderContext } from "astro/loaders";
import { CONTENT } from "#shared/content/collections.ts";
import { CONTENT_NAMES, type ContentName } from "#shared/pages.ts";
import { checkAllContent } from "#shared/content/read.ts";
import { roleSchema } from "#shared/roles/schema.ts";
import { contentFolder, hasRoleFiles, rolesFolder } from "#app/features/roles/role-files.ts";

/** What Astro hands a loader besides its documented context: each file type's reader (glob() reads YAML and Markdown with it). */
type EntryTypes = Map<string, { getEntryInfo: (params: never) => Promise<{ data: unknown; body?: string }> }>;

/**
 * In the development server (the one with a file watcher), a file its schema refuses, or that is
 * not YAML at all, is kept as it is (or empty), and its problems are printed with the build's
 * words: `npm run dev` and `npm run edit` start, their pages say what to fix
 * (app/admin/content-notice.ts) and the editor opens to fix it. The build refuses the file as
 * before (astro.config.ts).
 */
function tolerant(loader: Loader): Loader {
  return {
    ...loader,
    load: (context: LoaderContext) => {
      if (!context.watcher) return loader.load(context);
      const report = (filePath: string | undefined) => {
        const file = filePath?.slice(filePath.lastIndexOf("/content/") + 1);
        for (const problem of checkAllContent().filter((each) => file && each.startsWith(`${file} `))) {
          context.logger.error(`${problem}\nThe site shows this until it is fixed (npm run edit: at /admin).`);
        }
      };
      const parseData: LoaderContext["parseData"] = async (props) => {
        try {
          return await context.parseData(props);
        } catch {
          report(props.filePath);
          return props.data;
        }
      };
      const entryTypes: EntryTypes = new Map(
        [...((context as LoaderContext & { entryTypes?: EntryTypes }).entryTypes ?? new Map())].map(
          ([extension, type]) => [
            extension,
            {
              ...type,
              getEntryInfo: async (params: never) => {
                try {
                  return await type.getEntryInfo(params);
                } catch {
                  // Not YAML (or front matter) at all: read as empty, its problem printed when it is checked.
                  return { data: {}, body: "" };
                }
              },
            },
          ],
        ),
      );
      return loader.load({ ...context, parseData, entryTypes } as LoaderContext);
    },
  };
}

function collection<Name extends ContentName>(name: Name) {
  const { file, schema } = CONTENT[name];
  return defineCollection({
    loader: tolerant(glob({ pattern: file, base: contentFolder })),
    schema: schema as (typeof CONTENT)[Name]["schema"],
  });
}

const roleFiles = tolerant(glob({ pattern: "*.md", base: rolesFolder }));
/**
 * glob()'s loader, without its warning of an empty folder while there is no role file (the site
 * ships none). It still watches the folder, so under `npm run edit` a first role shows without a restart.
 */
const roleLoader: Loader = {
  name: "roles",
  load: (context: LoaderContext) =>
    roleFiles.load(hasRoleFiles() ? context : { ...context, logger: withoutWarnings(context.logger) }),
};

function withoutWarnings(logger: LoaderContext["logger"]): LoaderContext["logger"] {
  return Object.assign(Object.create(logger) as LoaderContext["logger"], { warn: () => {} });
}

/** One collection per file of content/ (shared/pages.ts), each checked by its schema. */
const wordsCollections = Object.fromEntries(CONTENT_NAMES.map((name) => [name, collection(name)])) as {
  [Name in ContentName]: ReturnType<typeof collection<Name>>;
};

export const collections = {
  ...wordsCollections,
  // One Markdown file per role (docs/decisions/0025-roles-close-on-their-day.md): the front matter
  // checked by its schema, the body the description.
  roles: defineCollection({
    loader: roleLoader,
    schema: roleSchema,
  }),
};
