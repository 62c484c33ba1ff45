import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./tooltip-timing";

export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS };

// Only the How We Help page imports this module (dynamically, after hydration), so Radix
// stays out of every other route's JavaScript and off that page's critical path.

/** Shares the delays among the tooltips inside it. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * A short description shown on hover after the delay, and at once on keyboard focus.
 * The trigger must be focusable and forward its ref (e.g. a `<button>`).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side="bottom"
          sideOffset={10}
          collisionPadding={16}
          className="z-50 max-w-72 rounded-xl bg-white px-4 py-3 text-sm leading-relaxed text-ink shadow-lift ring-1 ring-navy-900/10"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-white" width={14} height={7} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
