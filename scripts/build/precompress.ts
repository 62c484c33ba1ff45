/**
 * Brotli and gzip variants of every compressible file of the build, written beside
 * it (`x.js.br`, `x.js.gz`) so both servers send them without compressing per request.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { COMPRESSED_SUFFIXES, isPrecompressible } from "../../server/http/static-policy";

export interface PrecompressResult {
  files: number;
  bytes: { identity: number; br: number; gzip: number };
}

/** Compresses at the highest levels: paid once at build time, saved on every response. */
export function precompressDirectory(root: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: { identity: 0, br: 0, gzip: 0 } };
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (!isPrecompressible(`/${file}`)) continue;
    const source = readFileSync(join(root, file));
    const variants = {
      br: brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }),
    };
    result.files += 1;
    result.bytes.identity += source.length;
    for (const [encoding, data] of Object.entries(variants) as [keyof typeof variants, Buffer][]) {
      // A tiny file can grow when compressed: then the original is the better answer.
      if (data.length < source.length) writeFileSync(join(root, file + COMPRESSED_SUFFIXES[encoding]), data);
      result.bytes[encoding] += Math.min(data.length, source.length);
    }
  }
  return result;
}
