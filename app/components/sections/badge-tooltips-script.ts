// Shows the How We Help badges' tooltips (badge-tooltips.tsx): after the pointer rests
// on a badge for TOOLTIP_DELAY_MS, at once on keyboard focus, and at once on the next
// badge within TOOLTIP_SKIP_DELAY_MS of the last one closing; Escape, blur and leaving
// hide it. Each tooltip is a manual popover, so it sits in the top layer above the hero.
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "#app/components/ui/tooltip-timing.ts";

/** The gap between a badge and its tooltip, and the tooltip's margin from the viewport's edges. */
const OFFSET_PX = 10;
const EDGE_PX = 16;

for (const list of document.querySelectorAll<HTMLElement>("[data-tooltips]")) {
  let open: { trigger: HTMLElement; tip: HTMLElement } | null = null;
  let closedAt = Number.NEGATIVE_INFINITY;
  let timer: number | undefined;

  const hide = () => {
    window.clearTimeout(timer);
    if (!open) return;
    open.tip.hidePopover();
    open = null;
    closedAt = Date.now();
  };
  const show = (trigger: HTMLElement, tip: HTMLElement) => {
    window.clearTimeout(timer);
    if (open?.tip === tip) return;
    hide();
    tip.showPopover();
    const anchor = trigger.getBoundingClientRect();
    const left = anchor.left + anchor.width / 2 - tip.offsetWidth / 2;
    tip.style.top = `${anchor.bottom + OFFSET_PX}px`;
    tip.style.left = `${Math.max(EDGE_PX, Math.min(left, window.innerWidth - tip.offsetWidth - EDGE_PX))}px`;
    open = { trigger, tip };
  };

  for (const trigger of list.querySelectorAll<HTMLElement>("[aria-describedby]")) {
    const tip = document.getElementById(trigger.getAttribute("aria-describedby") ?? "");
    if (!tip) continue;
    trigger.addEventListener("pointerenter", () => {
      window.clearTimeout(timer);
      if (open || Date.now() - closedAt < TOOLTIP_SKIP_DELAY_MS) show(trigger, tip);
      else timer = window.setTimeout(() => show(trigger, tip), TOOLTIP_DELAY_MS);
    });
    trigger.addEventListener("pointerleave", hide);
    trigger.addEventListener("focus", () => show(trigger, tip));
    trigger.addEventListener("blur", hide);
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  window.addEventListener("scroll", hide, { passive: true });
  list.dataset.tooltips = "ready";
}
