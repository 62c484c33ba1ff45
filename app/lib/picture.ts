/** One `<source>` of a `<picture>`: a MIME type and its responsive srcset. */
export interface PictureSource {
  type: string;
  srcset: string;
}

/** A responsive image built at compile time: modern formats first, a JPEG fallback, intrinsic size. */
export interface ResponsivePicture {
  sources: PictureSource[];
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** What vite-imagetools returns for `as=picture`: one srcset per format, and the largest fallback. */
export interface ImagetoolsPicture {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

const MIME_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

// Browsers take the first <source> they support, so the smallest format leads.
const FORMAT_ORDER = ["avif", "webp", "jpg", "jpeg", "png"];

/** vite-imagetools' `as=picture` output, in the shape the components render. */
export function toPicture(picture: ImagetoolsPicture, alt: string): ResponsivePicture {
  const formats = Object.keys(picture.sources).sort((a, b) => FORMAT_ORDER.indexOf(a) - FORMAT_ORDER.indexOf(b));
  return {
    sources: formats.map((format) => ({
      type: MIME_TYPES[format] ?? `image/${format}`,
      srcset: picture.sources[format]!,
    })),
    src: picture.img.src,
    width: picture.img.w,
    height: picture.img.h,
    alt,
  };
}
