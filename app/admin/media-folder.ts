/** Where the editor's image library's images are on the site: a folder of their own, never the site's icons and logo. */
export const MEDIA_PATH = "/media";

/**
 * The folder of the checkout that holds them (./editor-config.ts's `media_folder`); `npm run edit`
 * makes it, as its backend lists it (scripts/edit/edit.ts).
 */
export const MEDIA_FOLDER = `public${MEDIA_PATH}`;
