/** The editor's image library's folder (shared/media-folder.ts: the server's editor API writes there too). */
export { MEDIA_FOLDER, MEDIA_PATH } from "#shared/media-folder.ts";
