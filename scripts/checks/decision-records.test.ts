// @vitest-environment node
// A decision record states a decision in a few hundred words (docs/decisions/, STYLE: the Epic
// Stack's template): under 600, with the measurements and research in docs/measurements/.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PROJECT_ROOT } from "../../tests/support/site-process";

/** The most words a record may have. */
const MAX_WORDS = 600;
const DECISIONS = join(PROJECT_ROOT, "docs", "decisions");

it.each(readdirSync(DECISIONS).filter((file) => file.endsWith(".md")))(
  `docs/decisions/%s stays under ${MAX_WORDS} words`,
  (file) => {
    const words = readFileSync(join(DECISIONS, file), "utf8").split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThan(MAX_WORDS);
  },
);
