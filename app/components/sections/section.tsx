import type { ReactNode } from "react";
import type { SectionIntro } from "#shared/content/sections.ts";
import { cn } from "#app/lib/cn.ts";

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

const eyebrowClass = (tone: "light" | "dark") =>
  cn(
    "font-sans text-sm font-semibold tracking-[0.14em] uppercase",
    tone === "light" ? "text-gold-600" : "text-gold-300",
  );

/** A small uppercase line above a heading that says what the section is about. */
export function Eyebrow({ children, tone = "light" }: { children: ReactNode; tone?: "light" | "dark" }) {
  return <p className={eyebrowClass(tone)}>{children}</p>;
}

/**
 * The inside of a heading that an eyebrow introduces. The eyebrow is often the name the
 * specification and the navigation give the section ("Our Mission", "What We Deliver"),
 * so it belongs to the heading: a screen reader's list of headings then finds it, read as
 * "Our Mission: Two sides of the same conversation".
 */
export function EyebrowHeadingText({
  eyebrow,
  title,
  tone = "light",
}: {
  eyebrow?: string;
  title: ReactNode;
  tone?: "light" | "dark";
}) {
  if (!eyebrow) return title;
  return (
    <>
      <span className={cn("mb-3 block leading-normal", eyebrowClass(tone))}>
        {eyebrow}
        <span className="sr-only">:</span>
      </span>
      <span className="block">{title}</span>
    </>
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
      <h2 id={id} className="text-title font-semibold">
        <EyebrowHeadingText eyebrow={intro.eyebrow} title={intro.title} />
      </h2>
      {intro.lead && <p className="mt-5 text-lead text-muted">{intro.lead}</p>}
    </div>
  );
}
