/** Where the editor's image library's images are on the site: a folder of their own, never the site's icons and logo. */
export const MEDIA_PATH = "/media";

/**
 * The folder of the checkout that holds them (app/admin/editor-config.ts's `media_folder`, and what the
 * server's editor API may write, server/editor/file-checks.ts); `npm run edit`
 * makes it, as its backend lists it (scripts/edit/edit.ts).
 */
export const MEDIA_FOLDER = `public${MEDIA_PATH}`;
