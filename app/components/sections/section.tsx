import type { ReactNode } from "react";
import type { SectionIntro } from "~/content/types";
import { cn } from "~/lib/cn";

export type SectionTone = "white" | "surface";

/** A full-width band of the page with the site's vertical rhythm, labelled by its heading. */
export function Section({
  id,
  labelledBy,
  tone = "white",
  className,
  children,
}: {
  id?: string;
  /** The id of the heading that names this section. */
  labelledBy: string;
  tone?: SectionTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn("py-20 sm:py-24 lg:py-28", tone === "surface" && "border-y border-line/70 bg-surface", className)}
    >
      <div className="container-page">{children}</div>
    </section>
  );
}

/** A small uppercase line above a heading that says what the section is about. */
export function Eyebrow({ children, tone = "light" }: { children: ReactNode; tone?: "light" | "dark" }) {
  return (
    <p
      className={cn(
        "text-sm font-semibold tracking-[0.14em] uppercase",
        tone === "light" ? "text-gold-600" : "text-gold-300",
      )}
    >
      {children}
    </p>
  );
}

/** Eyebrow, `<h2>` and lead paragraph at the top of a section. */
export function SectionHeader({
  intro,
  id,
  align = "start",
  className,
}: {
  intro: SectionIntro;
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  align?: "start" | "center";
  className?: string;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {intro.eyebrow && <Eyebrow>{intro.eyebrow}</Eyebrow>}
      <h2 id={id} className="mt-3 text-title font-semibold">
        {intro.title}
      </h2>
      {intro.lead && <p className="mt-5 text-lead text-muted">{intro.lead}</p>}
    </div>
  );
}
