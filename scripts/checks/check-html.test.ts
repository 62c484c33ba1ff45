// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createValidator, formatProblem, validateHtml } from "./check-html";

const validator = createValidator();
const doc = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Page</title>${head}</head><body>${body}</body></html>`;
const rules = async (html: string) =>
  (await validateHtml(validator, "page.html", html)).map((problem) => problem.ruleId);

describe("the committed html-validate configuration", () => {
  it("accepts what React and Astro write: charSet, self-closed void elements, useId ids, both boolean styles", async () => {
    const html = doc(
      `<meta name="viewport" content="width=device-width, initial-scale=1"/><link rel="icon" href="/favicon.ico"/>`,
      `<main><ul id="_R_j5_" hidden><li>a</li></ul><button type="button" aria-controls="_R_j5_">Menu</button><div hidden id="S:1"></div></main><script type="module" async="">import "/a.js";</script>`,
    );
    expect(await rules(html)).toEqual([]);
  });

  it("still rejects invalid HTML and inaccessible markup", async () => {
    const html = doc(
      "",
      `<main><p id="x">one</p><p id="x">two</p><img src="/a.png"><button>no type</button><div><li>stray</li></div></main>`,
    );
    const found = await rules(html);
    expect(found).toEqual(
      expect.arrayContaining(["no-dup-id", "wcag/h37", "no-implicit-button-type", "element-permitted-content"]),
    );
  });

  it("accepts void elements both ways: Astro's shell omits the slash, React's components write it", async () => {
    expect(
      await rules(doc(`<link rel="icon" href="/favicon.ico"><link rel="manifest" href="/m.json"/>`, "<main></main>")),
    ).toEqual([]);
  });
});

describe("formatProblem", () => {
  it("prints file:line:column, the rule, the element and the source at the error", async () => {
    const [problem] = await validateHtml(
      validator,
      "build/client/index.html",
      doc("", `<main><img src="/a.png"></main>`),
    );
    expect(formatProblem(problem!)).toMatch(
      /^build\/client\/index\.html:1:\d+ {2}wcag\/h37 {2}.+\n {4}at html > body > main > img\n {4}<img src="\/a\.png">/,
    );
  });
});
