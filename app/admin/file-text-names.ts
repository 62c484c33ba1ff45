/** The control that shows a file's text to fix (./file-text-widget.tsx), by its name in the editor's configuration. */
export const FILE_TEXT_WIDGET = "file-text";
