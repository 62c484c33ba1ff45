import type { ResponsivePicture } from "~/content/images";

/** Decodes to nothing: the `<img>` fallback on narrow screens, where the art is not shown. */
const EMPTY_IMAGE = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";
export const DESKTOP_ART_MEDIA = "(min-width: 1024px)";

/**
 * Decorative art shown only on wide screens (from 1024 px, as `lg:`). Its sources apply only at that width, so
 * phones download nothing (and the text stays the largest paint); on desktop it is
 * above the fold, so it loads at once with high priority.
 */
export function DesktopArt({
  image,
  sizes,
  className,
}: {
  image: ResponsivePicture;
  sizes: string;
  className?: string;
}) {
  return (
    <picture className="hidden lg:block">
      {image.sources.map((source) => (
        <source key={source.type} media={DESKTOP_ART_MEDIA} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={EMPTY_IMAGE}
        width={image.width}
        height={image.height}
        alt=""
        fetchPriority="high"
        decoding="async"
        className={className}
      />
    </picture>
  );
}
