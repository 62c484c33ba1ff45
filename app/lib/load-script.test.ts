import { afterEach, describe, expect, it } from "vitest";
import { loadScript } from "./load-script";

// happy-dom never fetches scripts: it fires `error` for each one, or `load` when told
// to treat the disabled download as a success. That switch plays the network here.
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;

function networkSucceeds(ok: boolean) {
  settings.handleDisabledFileLoadingAsSuccess = ok;
}

const scriptsFor = (src: string) => Array.from(document.scripts).filter((script) => script.src === src);

afterEach(() => {
  networkSucceeds(false);
  document.head.replaceChildren();
});

describe("loadScript", () => {
  it("adds one async script for many callers and gives them one promise", async () => {
    networkSucceeds(true);
    const src = "https://cdn.example/one.js";
    const first = loadScript(src);
    const second = loadScript(src);

    expect(second).toBe(first);
    expect(scriptsFor(src)).toHaveLength(1);
    expect(scriptsFor(src)[0]!.async).toBe(true);
    await expect(first).resolves.toBeUndefined();
    // Still one script once loaded, and later callers get the settled promise.
    expect(loadScript(src)).toBe(first);
    expect(scriptsFor(src)).toHaveLength(1);
  });

  it("reuses a script that is already on the page", async () => {
    networkSucceeds(true);
    const src = "https://cdn.example/markup.js";
    const existing = document.createElement("script");
    existing.src = src;
    document.head.append(existing);

    await expect(loadScript(src)).resolves.toBeUndefined();
    expect(scriptsFor(src)).toEqual([existing]);
  });

  it("removes a script that failed, so a retry adds it afresh", async () => {
    const src = "https://cdn.example/flaky.js";
    networkSucceeds(false);
    const failed = loadScript(src);
    const failedScript = scriptsFor(src)[0];

    await expect(failed).rejects.toThrow(`Failed to load script ${src}`);
    expect(scriptsFor(src)).toHaveLength(0);

    networkSucceeds(true);
    const retry = loadScript(src);
    expect(retry).not.toBe(failed);
    expect(scriptsFor(src)).toHaveLength(1);
    expect(scriptsFor(src)[0]).not.toBe(failedScript);
    await expect(retry).resolves.toBeUndefined();
  });
});
