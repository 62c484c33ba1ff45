// @vitest-environment node
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { parseSiteConfig } from "../site-config";
import { checkAllContent, CONTENT_DIR, readContent } from "./read";
import { withSiteFacts } from "./site-facts";

describe("the words in content/", () => {
  it("all pass their schemas", () => {
    expect(checkAllContent()).toEqual([]);
  });

  const work = mkdtempSync(join(tmpdir(), "content-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** content/ with one file's words changed, as an editor would change them. */
  // Words as YAML reads them: nested records an edit reaches into by name.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Words = Record<string, any>;
  function edited(file: string, change: (words: Words) => void): string {
    const dir = mkdtempSync(join(work, "edit-"));
    cpSync(CONTENT_DIR, dir, { recursive: true });
    const words = yaml.load(readFileSync(join(dir, file), "utf8")) as Words;
    change(words);
    writeFileSync(join(dir, file), yaml.dump(words));
    return dir;
  }
  const problems = (dir: string) => checkAllContent(dir).join("\n");

  it("refuses an emptied required field and an over-long headline, naming the file and the field", () => {
    const dir = edited("mission.yaml", (words) => {
      words.pillars.intro.title = "";
      words.meta.heading = "The right leader, in the right seat, at the right moment, for every organization we know";
    });
    const message = problems(dir);
    expect(message).toContain("content/mission.yaml cannot be published:");
    expect(message).toContain("pillars → intro → title: This is required: write some text here.");
    expect(message).toMatch(
      /meta → heading: Use at most 80 characters here \(this has 8\d\), so it fits the page on a phone\./,
    );
  });

  it("refuses markup, a link to nowhere, an unknown placeholder and a word too long for a phone", () => {
    const dir = edited("home.yaml", (words) => {
      words.hero.pitch = "We connect <b>proven</b> leaders.";
      words.mission.more.href = "http://example.com/mission";
      words.cta.body = "Reply within 48 hours, {sitename}.";
      words.meta.heading = "Supercalifragilisticexpialidocious leadership";
    });
    const message = problems(dir);
    expect(message).toContain("hero → pitch: Write plain text: no HTML tags or entities");
    expect(message).toContain('mission → more → href: "http://example.com/mission" is not a page of this site');
    expect(message).toContain("cta → body: {sitename} is not a placeholder this text can use.");
    expect(message).toContain('meta → heading: "Supercalifragilisticexpialidocious" is too long to fit a phone');
  });

  it("refuses characters a reader cannot see, and a line break or a tab in a one-line field, saying what to fix", () => {
    const dir = edited("home.yaml", (words) => {
      words.meta.heading = "The private\u200b network";
      words.hero.eyebrow = "Invitation only\u00a0· Free for both sides";
      words.cta.body = "Reply within 48 hours, always\u00ad on time.";
      words.hero.trustPointsLabel = "Who the network\nbrings together";
      words.preview.heading = "Confidential\tintroduction";
    });
    const message = problems(dir);
    expect(message).toContain('meta → heading: This text has a zero-width space after "The private", which does not show');
    expect(message).toContain('hero → eyebrow: This text has a no-break space after "Invitation only"');
    expect(message).toContain("type an ordinary space there");
    expect(message).toContain('cta → body: This text has a soft hyphen after "hin 48 hours, always"');
    expect(message).toContain("hero → trustPointsLabel: This text goes on one line: remove the line break");
    expect(message).toContain("preview → heading: This text has a tab");
  });

  it("refuses a day whose year is outside 2000 to five years ahead, naming the year it probably meant", () => {
    const dir = edited("terms-of-engagement.yaml", (words) => {
      words.lastUpdated = "0026-12-09";
    });
    expect(problems(dir)).toContain(
      "lastUpdated: The year 26 is outside the years this site's dates can name (2000 to ",
    );
    expect(problems(dir)).toContain("Did you mean 2026? Write 2026-12-09.");
  });

  it("keeps the specification's texts as it writes them, and names a field that does not exist", () => {
    const dir = edited("request-invitation.yaml", (words) => {
      words.loader.loading = "Loading the form...";
      words.modes.employer.headline = "A new field";
    });
    const message = problems(dir);
    expect(message).toContain(
      'loader → loading: This text is fixed by the specification and must read exactly "Loading form...".',
    );
    expect(message).toContain('modes → employer: "headline" is not a field of this page');
  });

  it("reads a file that is not YAML as a problem of that file", () => {
    const dir = edited("site.yaml", () => {});
    writeFileSync(join(dir, "site.yaml"), "footer: [unclosed");
    expect(problems(dir)).toMatch(/^content\/site\.yaml cannot be read: /);
  });
});

describe("the promise", () => {
  const confirmations = (env: Record<string, string>) => {
    const { modes } = withSiteFacts(readContent("requestInvitation"), parseSiteConfig(env));
    return [modes.candidate.confirmationBody, modes.employer.confirmationBody];
  };

  it("reads as the specification writes it with the default configuration, and says the figure configured", () => {
    expect(confirmations({})).toEqual([
      "Thank you for your interest! We'll review your application and get back to you within 48 hours.",
      "Thank you for your interest! We'll review your talent brief and get back to you within 48 hours.",
    ]);
    expect(confirmations({ REPLY_WITHIN_HOURS: "24" })).toEqual([
      "Thank you for your interest! We'll review your application and get back to you within 24 hours.",
      "Thank you for your interest! We'll review your talent brief and get back to you within 24 hours.",
    ]);
  });

  it("is never written as a figure in the words: each says {hours}", () => {
    for (const file of readdirSync(CONTENT_DIR).filter((name) => name.endsWith(".yaml"))) {
      expect(readFileSync(join(CONTENT_DIR, file), "utf8"), file).not.toMatch(/\d+ hours/);
    }
  });
});

describe("the Terms of Engagement", () => {
  it("give every section a unique anchor", () => {
    const ids = readContent("terms").sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("send privacy requests to the configured contact address, a placeholder in the words", () => {
    const rights = readContent("terms").sections.find((section) => section.id === "your-data")!;
    expect(JSON.stringify(rights.blocks)).toContain("{contactEmail}");
  });
});

describe("the words in content/", () => {
  const files = readdirSync(CONTENT_DIR).filter((name) => name.endsWith(".yaml"));
  const source = (file: string) => readFileSync(join(CONTENT_DIR, file), "utf8");

  it("name the site's facts by placeholder, never by a deployment's values", () => {
    const defaults = parseSiteConfig({});
    const literals = [defaults.contactEmail, defaults.supporter.name, defaults.supporter.url, defaults.siteName];
    for (const file of files) for (const literal of literals) expect(source(file), file).not.toContain(literal);
  });

  // One voice (docs/copy.md); the Terms aside: their points are the specification's.
  it.each([
    ["US spelling", /\b(practis|judgement|organis|colour|behaviour|favour|recognis|centre\b|licence)/i],
    ["one name for the matching feature: AI-powered matching", /AI-based/i],
    [
      "employers as the audience, but for the specification's two section names",
      /Services for organizations|organizations share/,
    ],
    ["one label per action", /Request Invitation\b|Request Your Invitation|Submit Talent Brief/],
  ])("%s", (_rule, pattern) => {
    for (const file of files.filter((name) => name !== "terms-of-engagement.yaml")) {
      expect(source(file), file).not.toMatch(pattern);
    }
  });
});
