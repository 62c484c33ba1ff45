// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dayFrom, roleFixtures, writeRoleFixtures } from "../../tests/support/role-fixtures";
import { parseLocation } from "./location";
import { closesAt, isOpen, isUpcoming, openRole, opensAt } from "./timetable";
import { checkAllContent, readContent, readRoles } from "../content/read";
import { rolePageInfo } from "./page-head";

const work = mkdtempSync(join(tmpdir(), "roles-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** content/ with the fixtures and one more role file as an editor wrote it. */
function withRole(name: string, source: string): string {
  const root = mkdtempSync(join(work, "root-"));
  writeRoleFixtures(root);
  mkdirSync(join(root, "content", "roles"), { recursive: true });
  writeFileSync(join(root, "content", "roles", name), source);
  return join(root, "content");
}

const VALID = roleFixtures()[0]!.file;

describe("a role's file (content/roles/<slug>.md)", () => {
  it("reads the fixtures: the slug from the file's name, the front matter checked, the body as the description", () => {
    const dir = withRole("extra.md", VALID);
    const roles = readRoles(dir);
    expect(roles.map((role) => role.slug)).toEqual([
      "chief-talent-officer",
      "director-talent-acquisition",
      "extra",
      "head-of-global-talent",
      "svp-talent-acquisition",
      "vp-talent-acquisition-confidential",
    ]);
    const pay = roles.find((role) => role.slug === "head-of-global-talent")!;
    expect(pay).toMatchObject({ employmentType: "FULL_TIME", salary: { min: 260000, max: 320000, currency: "USD" } });
    expect(pay.body).toMatch(/^Northwind Logistics is hiring/);
    expect(checkAllContent(dir)).toEqual([]);
  });

  it("does not build without a title, a closing date or a description, naming the file and each field", () => {
    const frontMatter = VALID.slice(0, VALID.indexOf("\n---\n") + 5);
    const broken = frontMatter.replace(/^title: .*\n/m, "").replace(/^validThrough: .*\n/m, "");
    const message = checkAllContent(withRole("no-title.md", broken)).join("\n");
    expect(message).toContain("content/roles/no-title.md cannot be published:");
    expect(message).toContain("title: This is required: it is missing.");
    expect(message).toContain("validThrough: This is required: it is missing.");
    expect(message).toContain(
      "description (the text under the fields): This is required: describe the role under its fields.",
    );
  });

  it("refuses HTML in the description, a location Google cannot read, a slug that is no address and dates out of order", () => {
    const bad = VALID.replace("location: Remote, United States", "location: Anywhere").replace(
      "You will report",
      "<script>alert(1)</script> You will report",
    );
    const message = checkAllContent(withRole("Bad Name.md", bad)).join("\n");
    expect(message).toContain("content/roles/Bad Name.md cannot be published:");
    expect(message).toContain("location: End the location with one of the countries: United States");
    expect(message).toContain('file name: "Bad Name" cannot be a page\'s address');
    expect(message).toContain("description (the text under the fields): Write plain text or Markdown: no HTML");
    const early = VALID.replace(/validThrough: "[^"]+"/, `validThrough: "${dayFrom(Date.now(), -40)}"`);
    expect(checkAllContent(withRole("early.md", early)).join("\n")).toContain(
      "validThrough: The role would close before it was posted",
    );
  });

  it("reads its dates as the editor writes them, unquoted, and calls a value of the wrong kind wrong, not missing", () => {
    const posted = dayFrom(Date.now(), -20);
    const unquoted = VALID.replace(/datePosted: "([^"]+)"/, "datePosted: $1").replace(
      /validThrough: "([^"]+)"/,
      "validThrough: $1",
    );
    expect(unquoted).toContain(`datePosted: ${posted}\n`);
    const [role] = readRoles(withRole("unquoted.md", unquoted)).filter((each) => each.slug === "unquoted");
    expect(role).toMatchObject({ datePosted: posted, validThrough: dayFrom(Date.now(), 30) });

    const timed = unquoted
      .replace(`datePosted: ${posted}`, `datePosted: ${posted}T10:30:00Z`)
      .replace(/^title: .*$/m, "title: 42");
    const message = checkAllContent(withRole("timed.md", timed)).join("\n");
    expect(message).toContain("datePosted: Write the date as YYYY-MM-DD, for example 2027-01-31.");
    expect(message).toContain("title: Write some text here.");
    expect(message).not.toContain("missing");
  });
  it("refuses a year typed with two digits (12/9/26 saved as 0026-12-09), saying which year was meant", () => {
    const year = new Date().getUTCFullYear();
    const typed = VALID.replace(/datePosted: "[^"]+"/, "datePosted: 0026-12-09").replace(
      /validThrough: "[^"]+"/,
      `validThrough: 1926-12-31`,
    );
    const message = checkAllContent(withRole("two-digits.md", typed)).join("\n");
    expect(message).toContain(
      `datePosted: The year 1926 is outside the years this site's dates can name (2000 to ${year + 5}): write the year with four digits. Did you mean 2026? Write 2026-12-09.`,
    );
    expect(message).toContain("validThrough: The year 1926 is outside");
    expect(message).toContain("Did you mean 2026? Write 2026-12-31.");
    const far = VALID.replace(/validThrough: "[^"]+"/, `validThrough: ${year + 6}-01-31`);
    expect(checkAllContent(withRole("far.md", far)).join("\n")).toContain(
      `validThrough: The year ${year + 6} is outside`,
    );
    const near = VALID.replace(/validThrough: "[^"]+"/, `validThrough: ${year + 5}-01-31`);
    expect(checkAllContent(withRole("near.md", near))).toEqual([]);
  });
});

describe("a role's description links only where a visitor can safely go", () => {
  const described = (line: string) => VALID.replace("You will report", `${line} You will report`);
  const problem = (line: string) => checkAllContent(withRole("links.md", described(line))).join("\n");

  it.each([
    ["a script", "[Apply](javascript:alert(document.cookie))", '"javascript:alert(document.cookie)" is none of these'],
    [
      "a document made of the link",
      "[Brief](data:text/html;base64,PHNjcmlwdD4=)",
      '"data:text/html;base64,PHNjcmlwdD4=" is none',
    ],
    ["another host without its scheme", "[About](//evil.example/about)", '"//evil.example/about" is none'],
    ["a script by reference", "[Apply][go]\n\n[go]: javascript:alert(1)", '"javascript:alert(1)" is none'],
    ["an image", "![Team](https://tracker.example/pixel.png)", "Remove the image"],
    ["a page the site does not have", "[Brief](/jobs/emea-brief)", '"/jobs/emea-brief" is not a page of this site'],
    ["a paste's invisible characters", "Lead\u200bthe team.", "This text has a zero-width space after"],
  ])("refuses %s, naming it", (_what, line, said) => {
    expect(problem(line)).toContain(`description (the text under the fields): `);
    expect(problem(line)).toContain(said);
  });

  it("takes https, http and mailto links and the site's own pages", () => {
    const links =
      "[Northwind](https://northwind.example), [old](http://old.example), [write](mailto:a@b.example), [roles](/roles).";
    expect(checkAllContent(withRole("links.md", described(links)))).toEqual([]);
  });
});

describe("the roles' timetable (shared/roles/timetable.ts)", () => {
  it("closes a role at the end of its last day, in UTC", () => {
    const end = closesAt("2026-12-31");
    expect(new Date(end).toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect(isOpen({ opensAt: 0, closesAt: end }, Date.parse("2026-12-31T23:59:59Z"))).toBe(true);
    expect(isOpen({ opensAt: 0, closesAt: end }, Date.parse("2027-01-01T00:00:00Z"))).toBe(false);
  });

  it("opens a role at the start of the day it is posted, in UTC, and keeps it upcoming before", () => {
    const times = { opensAt: opensAt("2026-12-01"), closesAt: closesAt("2026-12-31") };
    expect(new Date(times.opensAt).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect([isUpcoming(times, times.opensAt - 1), isOpen(times, times.opensAt - 1)]).toEqual([true, false]);
    expect([isUpcoming(times, times.opensAt), isOpen(times, times.opensAt)]).toEqual([false, true]);
  });

  it("gives a request the open role it names, and nothing for an unknown, closed or malformed one", () => {
    const timetable = {
      roles: [
        {
          slug: "open-role",
          title: "Open",
          closesAt: Date.parse("2027-01-01T00:00:00Z"),
          lastModified: "2026-11-01",
          opensAt: 0,
          version: "v1",
          summary: "A role.",
        },
        {
          slug: "closed-role",
          title: "Closed",
          closesAt: Date.parse("2026-01-01T00:00:00Z"),
          lastModified: "2026-01-01",
          opensAt: 0,
          version: "v1",
          summary: "A role.",
        },
        {
          slug: "upcoming-role",
          title: "Ahead",
          opensAt: Date.parse("2026-12-01T00:00:00Z"),
          closesAt: Date.parse("2027-01-01T00:00:00Z"),
          lastModified: "2026-11-01",
          version: "v1",
          summary: "A role.",
        },
      ],
    };
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(openRole(timetable, "open-role", now)).toEqual({ slug: "open-role", title: "Open" });
    for (const slug of ["closed-role", "upcoming-role", "unknown", "../etc", "", 42, null])
      expect(openRole(timetable, slug, now)).toBeNull();
  });

  it("reads a location as Google does: remote in a country, or a city, region and country", () => {
    expect(parseLocation("Remote, United States")).toEqual({
      location: { kind: "remote", country: { name: "United States", code: "US" } },
    });
    expect(parseLocation("Chicago, IL, United States")).toEqual({
      location: { kind: "onsite", locality: "Chicago", region: "IL", country: { name: "United States", code: "US" } },
    });
    expect(parseLocation("Chicago, United States")).toHaveProperty("problem");
  });
});

describe("a role page's head (shared/roles/page-head.ts)", () => {
  it("fills a placeholder the description uses twice at both places", () => {
    const role = readRoles(withRole("extra.md", VALID)).find((each) => each.slug === "head-of-global-talent")!;
    const words = readContent("openRoles");
    const twice = {
      ...words,
      role: { ...words.role, description: "{title} at {employer}, {location}. Ask about {title}." },
    };
    const { description } = rolePageInfo(role, twice);
    expect(description).not.toContain("{");
    expect(description.split(role.title)).toHaveLength(3);
  });
});
