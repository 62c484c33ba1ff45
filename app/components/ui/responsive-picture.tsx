import type { ImgHTMLAttributes } from "react";
import type { ResponsivePicture as Picture } from "#app/lib/picture.ts";

type PictureProps = {
  image: Picture;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** Above the fold: load at once, at high priority. Otherwise the image loads lazily. */
  priority?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "alt">;

/** A `<picture>` with AVIF/WebP/JPEG sources, intrinsic size (no layout shift) and lazy loading below the fold. */
export function ResponsivePicture({ image, sizes, priority = false, className, ...props }: PictureProps) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        {...props}
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
