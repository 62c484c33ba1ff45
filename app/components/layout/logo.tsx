import { site } from "#app/config/site.ts";

/** The brand mark and wordmark, drawn inline so the header needs no image request. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className={tone === "dark" ? "fill-navy-900" : "fill-navy-700"} />
        <path d="M9 11h14M16 11v12" stroke="var(--color-gold-300)" strokeWidth="3" strokeLinecap="round" />
        <circle cx="23" cy="22" r="2.5" fill="var(--color-gold-500)" />
      </svg>
      <span
        className={
          tone === "dark"
            ? "text-[0.95rem] leading-tight font-semibold tracking-tight text-navy-900 min-[360px]:whitespace-nowrap"
            : "text-[0.95rem] leading-tight font-semibold tracking-tight text-white min-[360px]:whitespace-nowrap"
        }
      >
        The {site.siteName}
      </span>
    </span>
  );
}
