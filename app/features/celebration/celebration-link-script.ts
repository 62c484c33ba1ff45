// The home page's TA Leaders link (celebration-link.tsx): a click plays the confetti for
// its full duration, then follows the link. Further clicks during the celebration do
// nothing; modified clicks (new tab...) and reduced motion keep the browser's behaviour.
import { CONFETTI_DURATION_MS, playConfetti } from "./confetti-pieces";
import { prefersReducedMotion } from "#app/lib/reduced-motion.ts";

for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-celebrate]")) {
  let started = false;
  // Back to this page from the back/forward cache: the link celebrates again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) started = false;
  });
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (started) {
      event.preventDefault();
      return;
    }
    if (prefersReducedMotion()) return;
    event.preventDefault();
    started = true;
    const layer = playConfetti();
    window.setTimeout(() => {
      layer.remove();
      window.location.assign(link.href);
    }, CONFETTI_DURATION_MS);
  });
}
