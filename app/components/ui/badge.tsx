import type { ComponentPropsWithRef } from "react";
import type { IconName } from "#shared/content/fields.ts";
import { cn } from "#app/lib/cn.ts";
import { Icon } from "./icon";

export type BadgeTone = "gold" | "navy" | "on-dark";

const TONES: Record<BadgeTone, string> = {
  gold: "bg-gold-100 text-gold-700 ring-gold-300/60",
  navy: "bg-navy-50 text-navy-700 ring-navy-100",
  "on-dark": "bg-white/10 text-white ring-white/25",
};

const badgeClass = (tone: BadgeTone, className?: string) =>
  cn(
    "inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset",
    TONES[tone],
    className,
  );

/** A badge that can take focus (e.g. a tooltip trigger); forwards its ref and props to a `<button>`. */
export function BadgeButton({
  tone = "gold",
  icon,
  className,
  children,
  ...props
}: ComponentPropsWithRef<"button"> & { tone?: BadgeTone; icon?: IconName }) {
  return (
    <button type="button" {...props} className={badgeClass(tone, cn("min-h-11 cursor-help px-4", className))}>
      {icon && <Icon name={icon} className="size-4" />}
      {children}
    </button>
  );
}
