import { describe, expect, it } from "vitest";
import { toPicture } from "./picture";

describe("toPicture", () => {
  const built = {
    sources: {
      jpeg: "/a-480.jpeg 480w, /a-800.jpeg 800w",
      webp: "/a-480.webp 480w, /a-800.webp 800w",
      avif: "/a-480.avif 480w, /a-800.avif 800w",
    },
    img: { src: "/a-800.jpeg", w: 800, h: 1000 },
  };

  it("orders the sources smallest format first, with their MIME types", () => {
    const picture = toPicture(built, "A desk");
    expect(picture.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(picture.sources[0]!.srcset).toBe(built.sources.avif);
  });

  it("keeps the fallback image, its intrinsic size and the alt text", () => {
    expect(toPicture(built, "A desk")).toMatchObject({ src: "/a-800.jpeg", width: 800, height: 1000, alt: "A desk" });
  });

  it("names an unknown format's type after the format", () => {
    const picture = toPicture({ sources: { heif: "/a.heif 480w" }, img: built.img }, "");
    expect(picture.sources).toEqual([{ type: "image/heif", srcset: "/a.heif 480w" }]);
  });
});
