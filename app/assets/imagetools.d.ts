// Types for vite-imagetools imports (`?...&as=picture`), which TypeScript cannot infer.
declare module "*&as=picture" {
  /** One srcset per format (keyed by format, e.g. `avif`), plus the largest fallback image. */
  const picture: {
    sources: Record<string, string>;
    img: { src: string; w: number; h: number };
  };
  export default picture;
}
