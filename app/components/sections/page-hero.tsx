import type { ReactNode } from "react";
import type { PageHero as PageHeroContent } from "#shared/content/sections.ts";
import { heroArt } from "#app/lib/images.ts";
import { DecorativeSvg } from "#app/components/ui/decorative-svg.tsx";
import { cn } from "#app/lib/cn.ts";
import { EyebrowHeadingText } from "./section";

/**
 * The opening band of an inner page: its `<h1>`, led by the page's name as an eyebrow,
 * and a lead paragraph on deep navy, with room for badges or actions below, and
 * beside the text on wide screens the art the page's content chose (`hero.art`).
 */
export function PageHero({
  hero,
  eyebrow,
  title,
  overlapped = false,
  children,
}: {
  hero: PageHeroContent;
  /** The page's name (its title), above its heading. */
  eyebrow: string;
  title: string;
  /** The next section rises into the hero's bottom edge, so the hero keeps room for it. */
  overlapped?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden bg-navy-900 text-white">
      <div aria-hidden="true" className="absolute inset-0 -z-10 hero-grid-dark" />
      <div
        aria-hidden="true"
        className="absolute -top-40 right-[-10rem] -z-10 size-[36rem] rounded-full bg-[radial-gradient(closest-side,rgb(79_134_217/0.3),transparent)]"
      />
      <div
        className={cn(
          "container-page grid items-center gap-10 pt-20 sm:pt-24 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]",
          overlapped ? "pb-28 sm:pb-36" : "pb-20 sm:pb-24",
        )}
      >
        <div className="max-w-3xl">
          <h1 className="text-display font-semibold text-white">
            <EyebrowHeadingText eyebrow={eyebrow} title={title} tone="dark" />
          </h1>
          <p className="mt-6 max-w-2xl text-lead text-navy-100">{hero.lead}</p>
          {children && <div className="mt-10">{children}</div>}
        </div>
        {/* Shown from lg: up; on a phone it is hidden, so the text is all the hero paints. */}
        <DecorativeSvg svg={heroArt[hero.art]} className="-my-10 hidden h-auto w-full lg:block" />
      </div>
    </div>
  );
}
