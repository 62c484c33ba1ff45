import type { ReactNode } from "react";
import type { Feature } from "#shared/content/sections.ts";
import { cn } from "#app/lib/cn.ts";
import { Icon } from "./icon";

/** The white, bordered surface that groups one idea. */
export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("rounded-card border border-line bg-white shadow-card", className)}>{children}</div>;
}

/** The icon tile at the top of a feature card. */
export function IconTile({ feature, tone = "navy" }: { feature: Pick<Feature, "icon">; tone?: "navy" | "gold" }) {
  return (
    <span
      className={cn(
        // shrink-0: beside text in a flex row (Who We Are's reasons), the tile keeps its 48x48.
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset",
        tone === "navy" ? "bg-navy-50 text-navy-700 ring-navy-100" : "bg-gold-100 text-gold-700 ring-gold-300/50",
      )}
    >
      <Icon name={feature.icon} />
    </span>
  );
}

/** An icon, a title and a short description, on a card. */
export function FeatureCard({
  feature,
  headingLevel = "h3",
  eyebrow,
  className,
}: {
  feature: Feature;
  headingLevel?: "h2" | "h3";
  /** A small marker above the title, e.g. a number. */
  eyebrow?: string;
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <Card className={cn("flex h-full flex-col p-6 sm:p-7", className)}>
      <div className="flex items-center justify-between">
        <IconTile feature={feature} />
        {eyebrow && (
          <span className="text-sm font-semibold tracking-[0.2em] text-gold-600 tabular-nums" aria-hidden="true">
            {eyebrow}
          </span>
        )}
      </div>
      <Heading className="mt-5 text-lg font-semibold tracking-tight">{feature.title}</Heading>
      <p className="mt-2 leading-relaxed text-muted">{feature.body}</p>
    </Card>
  );
}
