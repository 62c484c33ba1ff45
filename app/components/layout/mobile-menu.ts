// The mobile menu is a platform popover (site-header.tsx), so it opens and closes before
// and without this script. Once it runs, the button carries `aria-expanded` and its
// name follows the state, and a page restored from the back/forward cache starts closed.
import { MOBILE_MENU_ID } from "./site-header-id";

const menu = document.getElementById(MOBILE_MENU_ID);
const button = document.querySelector<HTMLButtonElement>(`button[aria-controls="${MOBILE_MENU_ID}"]`);

if (menu && button) {
  const label = button.querySelector(".sr-only");
  const sync = () => {
    const open = menu.matches(":popover-open");
    button.setAttribute("aria-expanded", String(open));
    if (label) label.textContent = (open ? button.dataset.closeLabel : button.dataset.openLabel) ?? "";
  };
  menu.addEventListener("toggle", sync);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && menu.matches(":popover-open")) menu.hidePopover();
    sync();
  });
  // A tap before this script ran has opened the menu already: start from its real state.
  sync();
}
