/**
 * Loads a third-party script once per page load. Every caller asking for the same
 * `src` shares one `<script>` and one promise; a script already on the page (put
 * there by markup or an earlier load) is reused. A failed load removes its
 * `<script>` and forgets the promise, so the next call adds it afresh.
 */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const pending = loads.get(src);
  if (pending) return pending;

  // A script this helper did not add: its load event may already have passed, so it
  // counts as loaded; callers that need a global from it check for that global.
  if (findScript(src)) {
    const loaded = Promise.resolve();
    loads.set(src, loaded);
    return loaded;
  }

  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  const load = new Promise<void>((resolve, reject) => {
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener(
      "error",
      () => {
        script.remove();
        loads.delete(src);
        reject(new Error(`Failed to load script ${src}`));
      },
      { once: true },
    );
  });
  loads.set(src, load);
  document.head.append(script);
  return load;
}

function findScript(src: string): HTMLScriptElement | undefined {
  const wanted = new URL(src, document.baseURI).href;
  return Array.from(document.scripts).find((script) => script.src === wanted);
}
