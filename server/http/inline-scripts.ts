/**
 * The SHA-256 digests of the inline scripts a browser would execute in built HTML,
 * for the Content-Security-Policy's script-src (server/http/csp.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// React escapes `</` inside script text, so the first `</script` closes the element.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC_ATTRIBUTE = /\bsrc\s*=/i;

// Types a browser runs (and CSP governs); anything else, such as application/ld+json,
// is a data block that is never executed and needs no hash.
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
]);

function isExecutable(attributes: string): boolean {
  if (SRC_ATTRIBUTE.test(attributes)) return false;
  const match = TYPE_ATTRIBUTE.exec(attributes);
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase();
  return EXECUTABLE_TYPES.has(type);
}

/** Base64 SHA-256 of the text of every executable inline script in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (isExecutable(attributes)) hashes.push(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return hashes;
}

/** Every `.html` file under `root`, as paths relative to it. */
export function htmlFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
}

/** The distinct, sorted digests of every executable inline script in the HTML under `root`. */
export function collectInlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFilesUnder(root)) {
    for (const hash of inlineScriptHashes(readFileSync(join(root, file), "utf8"))) hashes.add(hash);
  }
  return [...hashes].sort();
}
