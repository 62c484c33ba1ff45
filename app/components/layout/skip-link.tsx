import { skipLinkLabel } from "~/content/shared";

export const MAIN_CONTENT_ID = "main-content";

/** The first Tab stop on every page: jumps past the navigation to `<main>`. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="fixed top-3 left-3 z-[100] -translate-y-24 rounded-button bg-navy-900 px-4 py-3 font-semibold text-white shadow-lift transition-transform focus:translate-y-0"
    >
      {skipLinkLabel}
    </a>
  );
}
