export const MAIN_CONTENT_ID = "main-content";

/** The first Tab stop on every page: jumps past the navigation to `<main>`. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-button bg-navy-900 px-4 py-3 font-semibold text-white shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      {label}
    </a>
  );
}
