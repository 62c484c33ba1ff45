import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { headerContent, primaryNav } from "~/content/shared";
import { cn } from "~/lib/cn";
import { LinkButton } from "~/components/ui/button";
import { Logo } from "./logo";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "relative block rounded-md px-3 py-3 text-base font-medium transition-colors md:py-2 md:text-[0.95rem]",
    isActive ? "text-navy-900" : "text-muted hover:text-navy-900",
    // The highlight for the current page: an underline bar, not colour alone.
    isActive &&
      "after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-gold-500 max-md:after:hidden max-md:bg-navy-50",
  );

/** The primary links, current page marked, as list items (rendered in the bar and in the menu). */
function NavItems() {
  return primaryNav.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end className={navLinkClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** Fixed top navigation; under 768 px the links fold behind a menu button. */
export function SiteHeader() {
  const location = useLocation();
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the location it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      className="fixed inset-x-0 top-0 z-50 border-b border-line/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80"
    >
      <div className="container-page flex h-header items-center justify-between gap-6">
        <Link to="/" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label={headerContent.navLabel} className="flex items-center gap-2">
          {/* From 768 px the links sit in the bar. Below, they follow the menu button in the
              document, so the Tab key goes from the button straight into the open menu. */}
          <ul className="hidden md:flex md:items-center md:gap-1">
            <NavItems />
          </ul>
          <Link
            to={headerContent.cta.to}
            className="hidden rounded-button bg-navy-900 px-4 py-2.5 text-sm font-semibold text-white shadow-card transition-colors hover:bg-navy-700 sm:inline-flex md:ml-3"
          >
            {headerContent.cta.label}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-button text-navy-900 hover:bg-navy-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenOn(menuOpen ? null : location.key)}
          >
            <span className="sr-only">{menuOpen ? headerContent.menuCloseLabel : headerContent.menuOpenLabel}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <ul
            id={menuId}
            className={
              menuOpen
                ? "absolute inset-x-0 top-full flex flex-col gap-1 border-b border-line bg-white px-5 pt-3 pb-5 shadow-lift md:hidden"
                : "hidden"
            }
          >
            <NavItems />
            <li className="mt-2 sm:hidden">
              <LinkButton to={headerContent.cta.to} className="w-full">
                {headerContent.cta.label}
              </LinkButton>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
