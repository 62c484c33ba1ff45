import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";
import { ArrowRightIcon } from "./icons";

export type ButtonVariant = "primary" | "accent" | "secondary" | "on-dark";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-navy-900 text-white shadow-card hover:bg-navy-700",
  accent: "bg-gold-300 text-navy-950 shadow-card hover:bg-gold-100",
  secondary: "bg-white text-navy-900 ring-1 ring-navy-900/15 ring-inset hover:bg-navy-50 hover:ring-navy-900/25",
  "on-dark": "bg-white/5 text-white ring-1 ring-white/30 ring-inset hover:bg-white/10 hover:ring-white/50",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-10 px-4 text-sm",
  md: "min-h-11 px-5 text-[0.95rem]",
  lg: "min-h-12 px-6 text-base",
};

/** The class list of a button-styled control, for links and buttons alike. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string): string {
  return cn(
    "group inline-flex items-center justify-center gap-2 rounded-button text-center font-semibold transition-colors duration-150",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

/** An arrow that nudges right on hover: marks a control that moves the visitor on. */
export function ArrowIcon() {
  return (
    <ArrowRightIcon className="size-4 stroke-[2.15] transition-transform duration-150 group-hover:translate-x-0.5" />
  );
}

/** An in-site link: a plain `<a href>`, so it works before and without JavaScript. */
type SiteLinkProps = Omit<ComponentProps<"a">, "href" | "className"> & { href: string; className?: string };

type LinkButtonProps = SiteLinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  arrow?: boolean;
  className?: string;
  children: ReactNode;
};

/** An in-site link that looks like a button. */
export function LinkButton({ href, variant, size, arrow = false, className, children, ...props }: LinkButtonProps) {
  return (
    <a {...props} href={href} className={buttonClass(variant, size, className)}>
      {children}
      {arrow && <ArrowIcon />}
    </a>
  );
}

/** A quieter text link with an arrow, for "read more" moves. */
export function ArrowLink({ href, className, children, ...props }: SiteLinkProps) {
  return (
    <a
      {...props}
      href={href}
      className={cn(
        "group inline-flex items-center gap-1.5 rounded font-semibold text-navy-700 underline-offset-4 hover:text-navy-900 hover:underline",
        className,
      )}
    >
      {children}
      <ArrowIcon />
    </a>
  );
}
