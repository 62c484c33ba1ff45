import type { Feature } from "#shared/content/sections.ts";
import { FeatureCard } from "#app/components/ui/card.tsx";
import { cn } from "#app/lib/cn.ts";

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** Feature cards in a responsive grid; `numbered` marks each with 01, 02, 03... */
export function FeatureGrid({
  items,
  columns = 3,
  numbered = false,
  className,
}: {
  items: readonly Feature[];
  columns?: keyof typeof COLUMNS;
  numbered?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-5 lg:gap-6", COLUMNS[columns], className)}>
      {items.map((feature, index) => (
        <li key={feature.title}>
          <FeatureCard feature={feature} eyebrow={numbered ? String(index + 1).padStart(2, "0") : undefined} />
        </li>
      ))}
    </ul>
  );
}
