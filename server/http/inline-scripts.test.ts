// @vitest-environment node
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { collectInlineScriptHashes, inlineScriptHashes } from "./inline-scripts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineScriptHashes", () => {
  it("hashes classic and module inline scripts exactly as written, byte for byte", () => {
    const classic = 'window.__siteContext = {"a":"é"};\n';
    const module = 'import "/assets/manifest-1.js";';
    const html = `<head><script>${classic}</script></head><body><script type="module" async="">${module}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(classic), sha256(module)]);
  });

  it("known digest: the empty script", () => {
    expect(inlineScriptHashes("<script></script>")).toEqual(["47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="]);
  });

  it("skips data blocks such as JSON-LD, and scripts loaded by src", () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script type='application/json'>{}</script>",
      '<script src="/assets/a.js"></script>',
      '<script type="module" src="/assets/b.js"></script>',
      '<script id="_R_">requestAnimationFrame(function(){})</script>',
      '<script type="text/javascript">1</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256("requestAnimationFrame(function(){})"), sha256("1")]);
  });
});

describe("collectInlineScriptHashes", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("gathers the distinct digests of every HTML file under a folder, sorted", () => {
    root = mkdtempSync(join(tmpdir(), "inline-scripts-"));
    mkdirSync(join(root, "mission"));
    writeFileSync(join(root, "index.html"), "<script>a()</script><script>shared()</script>");
    writeFileSync(join(root, "mission", "index.html"), "<script>shared()</script><script>b()</script>");
    writeFileSync(join(root, "notes.txt"), "<script>ignored()</script>");
    expect(collectInlineScriptHashes(root)).toEqual([sha256("a()"), sha256("b()"), sha256("shared()")].sort());
  });
});
