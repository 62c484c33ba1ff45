import type { SiteWords } from "#shared/content/site.ts";
import { ROUTES } from "#shared/routes.ts";
import { cn } from "#app/lib/cn.ts";
import { buttonClass, LinkButton } from "#app/components/ui/button.tsx";
import { CloseIcon, MenuIcon } from "#app/components/ui/icons.tsx";
import { Logo } from "./logo";
import { MOBILE_MENU_ID } from "./site-header-id";

const navLinkClass = (isActive: boolean) =>
  cn(
    "relative block rounded-md px-3 py-3 text-base font-medium whitespace-nowrap transition-colors lg:py-2 lg:text-[0.95rem]",
    isActive ? "text-navy-900" : "text-muted hover:text-navy-900",
    // The highlight for the current page: an underline bar, not colour alone.
    isActive &&
      "after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-gold-500 max-lg:after:hidden max-lg:bg-navy-50",
  );

const normalise = (path: string) => path.replace(/\/+$/, "") || "/";

/** The primary links, current page marked, as list items (rendered in the bar and in the menu). */
function NavItems({ currentPath, items }: { currentPath: string; items: SiteWords["primaryNav"] }) {
  return items.map((item) => {
    const isActive = normalise(item.href) === normalise(currentPath);
    return (
      <li key={item.href}>
        <a href={item.href} aria-current={isActive ? "page" : undefined} className={navLinkClass(isActive)}>
          {item.label}
        </a>
      </li>
    );
  });
}

/**
 * Fixed top navigation; under 1024 px (`lg`, where the name, the four links and the button fit
 * on one line each, docs/product.md) the links fold behind a menu button. The menu is
 * the platform's popover: the button opens and closes it, Escape and a click outside
 * close it, with or without JavaScript. mobile-menu.ts adds the `aria-expanded` state
 * and the button's changing name once it runs.
 */
export function SiteHeader({
  currentPath,
  words,
}: {
  currentPath: string;
  words: Pick<SiteWords, "header" | "primaryNav">;
}) {
  const headerContent = words.header;
  const cta = { label: headerContent.ctaLabel, href: ROUTES.requestInvitation.path };
  return (
    <header className="group/header fixed inset-x-0 top-0 z-50 border-b border-line/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-header items-center justify-between gap-6">
        <a href="/" className="rounded-md">
          <Logo />
        </a>
        <nav aria-label={headerContent.navLabel} className="flex items-center gap-2">
          {/* From 1024 px the links sit in the bar. Below, they follow the menu button in the
              document, so the Tab key goes from the button straight into the open menu. */}
          <ul className="hidden lg:flex lg:items-center lg:gap-1">
            <NavItems currentPath={currentPath} items={words.primaryNav} />
          </ul>
          <a href={cta.href} className={buttonClass("primary", "sm", "whitespace-nowrap max-sm:hidden lg:ml-3")}>
            {cta.label}
          </a>
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            aria-controls={MOBILE_MENU_ID}
            data-open-label={headerContent.menuOpenLabel}
            data-close-label={headerContent.menuCloseLabel}
            className="inline-flex size-11 items-center justify-center rounded-button text-navy-900 hover:bg-navy-50 lg:hidden"
          >
            <span className="sr-only">{headerContent.menuOpenLabel}</span>
            <MenuIcon className="stroke-2 group-has-[:popover-open]/header:hidden" />
            <CloseIcon className="stroke-2 not-group-has-[:popover-open]/header:hidden" />
          </button>
          {/* In the top layer when open, placed under the fixed bar. */}
          <ul
            id={MOBILE_MENU_ID}
            popover="auto"
            className="inset-x-0 top-header bottom-auto m-0 w-full max-w-none flex-col gap-1 border-0 border-b border-line bg-white px-5 pt-3 pb-5 text-ink shadow-lift open:flex lg:open:hidden"
          >
            <NavItems currentPath={currentPath} items={words.primaryNav} />
            <li className="mt-2 sm:hidden">
              <LinkButton href={cta.href} className="w-full">
                {cta.label}
              </LinkButton>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
