import { useEffect, useRef, useState } from "react";
import type { ResponsivePicture } from "#app/lib/picture.ts";
import { useReducedMotion } from "#app/lib/use-reduced-motion.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** The cross-fade starts this long after the new image has loaded (or failed to). */
export const IMAGE_SWITCH_DELAY_MS = 50;
export const CROSSFADE_MS = 1000;
/** The old image is removed this long after the cross-fade ends. */
export const IMAGE_CLEANUP_MS = 1000;

/** The panel is about 36rem wide beside the form, and the full column below 1024 px. */
export const SIDE_IMAGE_SIZES = "(min-width: 1024px) 36rem, calc(100vw - 2.5rem)";
/** Where the panel stands beside the form, in the first viewport: there its image is preloaded with priority. */
export const SIDE_IMAGE_WIDE_MEDIA = "(min-width: 1024px)";

/** A mode's side image: the picture, its alt text and the headline over it. */
export interface SideImage extends ResponsivePicture {
  headline: string;
}

type LayerState = "shown" | "entering" | "leaving";

interface Layer {
  id: number;
  mode: InvitationMode;
}

interface SideImagePanelProps {
  mode: InvitationMode;
  images: Record<InvitationMode, SideImage>;
  labels: Record<InvitationMode, string>;
}

/**
 * Loads an image the way the panel's `<picture>` will (same sources and sizes), so
 * the browser picks and caches the same file. Settles on load and on error alike:
 * a failed preload is ignored and the switch goes ahead (docs/product.md#error-texts).
 */
function preloadPicture(image: SideImage): Promise<void> {
  return new Promise((resolve) => {
    const picture = document.createElement("picture");
    for (const { type, srcset } of image.sources) {
      const source = document.createElement("source");
      source.type = type;
      source.srcset = srcset;
      source.sizes = SIDE_IMAGE_SIZES;
      picture.append(source);
    }
    const img = document.createElement("img");
    img.addEventListener("load", () => resolve(), { once: true });
    img.addEventListener("error", () => resolve(), { once: true });
    picture.append(img);
    img.src = image.src;
  });
}

/**
 * The image beside the form, one per mode, with its headline. On a mode change the
 * new image is preloaded, then cross-faded in over the old one, which is removed
 * afterwards: never more than two images, and a later change always wins over an
 * earlier one still loading. Under reduced motion, and when hydration reveals the
 * URL's mode, the swap is instant.
 */
export function SideImagePanel({ mode, images, labels }: SideImagePanelProps) {
  const reducedMotion = useReducedMotion();
  const hydrated = useHydrated();
  const [layers, setLayers] = useState<Layer[]>(() => [{ id: 0, mode }]);
  const [settledId, setSettledId] = useState(0);
  // Every mode change is a new request, so a preload finished for an earlier one never counts.
  const [request, setRequest] = useState({ mode, number: 0 });
  const [preloadedRequest, setPreloadedRequest] = useState(-1);
  if (request.mode !== mode) setRequest({ mode, number: request.number + 1 });
  const top = layers[layers.length - 1]!;

  // Swaps that must not animate, adjusted during render so no stale frame paints.
  // Until hydrated (lib/use-hydrated.ts), a change of mode is the URL's, revealed by hydration.
  const snap = reducedMotion || !hydrated;
  if (snap && (layers.length > 1 || top.mode !== mode)) {
    setLayers([{ id: top.id + 1, mode }]);
    setSettledId(top.id + 1);
  }

  const pending = top.mode === mode ? null : mode;

  // Preload, then switch a little later. A newer mode cancels both steps.
  const requestNumber = request.number;
  useEffect(() => {
    if (!pending || snap) return;
    let cancelled = false;
    let timer: number | undefined;
    void preloadPicture(images[pending]).then(() => {
      if (cancelled) return;
      setPreloadedRequest(requestNumber);
      timer = window.setTimeout(
        // The incoming image goes on top of whatever shows now (finishing any fade in progress).
        () =>
          setLayers((current) => [
            current[current.length - 1]!,
            { id: current[current.length - 1]!.id + 1, mode: pending },
          ]),
        IMAGE_SWITCH_DELAY_MS,
      );
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [pending, snap, images, requestNumber]);

  // The cross-fade runs for CROSSFADE_MS; the old image goes IMAGE_CLEANUP_MS after that.
  const fadingId = layers.length > 1 ? top.id : null;
  useEffect(() => {
    if (fadingId === null) return;
    let cleanupTimer: number | undefined;
    const fadeTimer = window.setTimeout(() => {
      setSettledId(fadingId);
      cleanupTimer = window.setTimeout(() => setLayers((current) => current.slice(-1)), IMAGE_CLEANUP_MS);
    }, CROSSFADE_MS);
    return () => {
      window.clearTimeout(fadeTimer);
      window.clearTimeout(cleanupTimer);
    };
  }, [fadingId]);

  const stateOf = (layer: Layer): LayerState =>
    layer !== top ? "leaving" : layer.id === settledId || layers.length === 1 ? "shown" : "entering";

  return (
    <div
      // Beside the form it stays in view, so it never grows taller than the screen allows.
      className="relative aspect-[4/3] overflow-hidden rounded-[1.25rem] bg-navy-900 shadow-lift sm:aspect-[16/10] lg:aspect-[4/5] lg:max-h-[calc(100svh-var(--spacing-header)-12rem)] lg:min-h-[26rem] lg:w-full"
      data-testid="side-image-panel"
      // Busy while the chosen mode's image loads; it fades in shortly after.
      aria-busy={pending !== null && preloadedRequest !== requestNumber}
    >
      {layers.map((layer) => (
        <SideImageLayer
          key={layer.id}
          image={images[layer.mode]}
          label={labels[layer.mode]}
          mode={layer.mode}
          state={stateOf(layer)}
        />
      ))}
    </div>
  );
}

interface SideImageLayerProps {
  image: SideImage;
  label: string;
  mode: InvitationMode;
  state: LayerState;
}

function SideImageLayer({ image, label, mode, state }: SideImageLayerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entering = state === "entering";

  // The Web Animations API keeps the fade beside the component and out of the global CSS.
  // When the layer stops entering (done, or covered by a newer image) the fade is cancelled.
  useEffect(() => {
    if (!entering) return;
    const animation = ref.current?.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: CROSSFADE_MS,
      easing: "ease-in-out",
      fill: "both",
    });
    return () => animation?.cancel();
  }, [entering]);

  return (
    <div
      ref={ref}
      className="absolute inset-0"
      data-mode={mode}
      data-state={state}
      aria-hidden={state === "leaving" ? true : undefined}
    >
      <picture>
        {image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={SIDE_IMAGE_SIZES} />
        ))}
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          decoding="async"
          // Below the form on narrow screens: fetched when it nears the viewport, not with the page's
          // scripts. Beside the form, the page's head preloads it with priority, so lazy costs nothing there.
          loading="lazy"
          className="size-full object-cover"
        />
      </picture>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-navy-950/90 via-navy-950/25 to-transparent"
      />
      <div className="absolute inset-x-0 bottom-0 p-6 sm:p-8 lg:p-10">
        <p className="mb-3 inline-flex rounded-full border border-white/25 bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold-100 uppercase backdrop-blur-sm">
          {label}
        </p>
        <p className="text-2xl leading-tight font-semibold tracking-tight text-balance text-white sm:text-3xl lg:text-4xl">
          {image.headline}
        </p>
      </div>
    </div>
  );
}
