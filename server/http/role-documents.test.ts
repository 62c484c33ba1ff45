// @vitest-environment node
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { RoleTimetableEntry } from "#shared/roles/timetable.ts";
import { composeFeed, composeRolePage, composeSitemap, RoleDocument, type RolePageParts } from "./role-documents";
import type { RolesState } from "./role-schedule";

const LIST: RolePageParts = {
  parts: [
    { shown: "always", html: "<main><h1>" },
    { shown: "some", html: "Open roles" },
    { shown: "none", html: "Roles" },
    { shown: "always", html: "</h1>" },
    { shown: "some", html: '<ul aria-label="Open roles">' },
    { shown: "item:vp-ta", html: '<li><a href="/roles/vp-ta">VP</a></li>' },
    { shown: "item:head-of-talent", html: '<li><a href="/roles/head-of-talent">Head</a></li>' },
    { shown: "some", html: "</ul>" },
    { shown: "none", html: "<div><p>No roles are open right now.</p></div>" },
    { shown: "some", html: "<div><p>Not the right role?</p></div>" },
    { shown: "always", html: "</main>" },
  ],
};

const entry = (slug: string, opensAt: number): RoleTimetableEntry => ({
  slug,
  title: `Title of ${slug}`,
  opensAt,
  closesAt: opensAt + 30 * 86_400_000,
  lastModified: "2026-11-20",
  version: "v1",
  summary: `${slug}: an executive talent acquisition role & more.`,
});

describe("a page composed for the open roles", () => {
  it("joins the open roles' items in the build's order, then the invitation; the empty state alone when none is open", () => {
    expect(composeRolePage(LIST, new Set(["head-of-talent", "vp-ta"]))).toBe(
      '<main><h1>Open roles</h1><ul aria-label="Open roles"><li><a href="/roles/vp-ta">VP</a></li><li><a href="/roles/head-of-talent">Head</a></li></ul><div><p>Not the right role?</p></div></main>',
    );
    expect(composeRolePage(LIST, new Set(["head-of-talent"]))).not.toContain("/roles/vp-ta");
    expect(composeRolePage(LIST, new Set())).toBe(
      "<main><h1>Roles</h1><div><p>No roles are open right now.</p></div></main>",
    );
    // A role open but not on the page (not built into it) shows nothing, and counts for nothing.
    expect(composeRolePage(LIST, new Set(["elsewhere"]))).toBe(composeRolePage(LIST, new Set()));
  });

  it("shows at most its few, the first open ones", () => {
    const few = { ...LIST, maxItems: 1 };
    expect(composeRolePage(few, new Set(["head-of-talent", "vp-ta"]))).toContain("/roles/vp-ta");
    expect(composeRolePage(few, new Set(["head-of-talent", "vp-ta"]))).not.toContain("/roles/head-of-talent");
    expect(composeRolePage(few, new Set(["head-of-talent"]))).toContain("/roles/head-of-talent");
  });
});

describe("the sitemap composed for the open roles", () => {
  it("lists every indexable route, the list while a role is open, and each open role with its day", () => {
    const some = composeSitemap("https://network.example", [entry("vp-ta", 0)]);
    expect(some).toContain("<url><loc>https://network.example/roles</loc></url>");
    expect(some).toContain("<url><loc>https://network.example/roles/vp-ta</loc><lastmod>2026-11-20</lastmod></url>");
    expect(composeSitemap("https://network.example", [])).not.toContain("/roles</loc>");
  });
});

describe("the feed of the open roles", () => {
  it("is Atom with the elements RFC 4287 requires, one entry per open role, newest first", () => {
    const xml = composeFeed(
      { siteUrl: "https://network.example", siteName: "TA Leadership Network", feedTitle: "Executive TA roles" },
      [entry("older", Date.UTC(2026, 10, 1)), entry("newer", Date.UTC(2026, 10, 20))],
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      feed: {
        "@_xmlns": string;
        id: string;
        title: string;
        updated: string;
        author: { name: string };
        entry: { id: string; title: { "#text": string }; updated: string; summary: { "#text": string } }[];
      };
    };
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe("https://network.example/roles/feed.xml");
    expect(feed.title).toBe("Executive TA roles");
    expect(feed.author.name).toBe("The TA Leadership Network");
    expect(feed.entry.map((item) => item.id)).toEqual([
      "https://network.example/roles/newer",
      "https://network.example/roles/older",
    ]);
    expect(feed.entry[0]!.summary["#text"]).toBe("newer: an executive talent acquisition role & more.");
    expect(feed.entry[0]!.title["#text"]).toBe("Title of newer");
    for (const item of feed.entry) expect(Number.isFinite(Date.parse(item.updated))).toBe(true);
  });
});

describe("a composed document", () => {
  it("is composed once per version of the open roles", async () => {
    let composed = 0;
    const document = new RoleDocument(() => `list ${(composed += 1)}`);
    const state = (version: number) => ({ version }) as RolesState;
    const first = await document.at(state(0));
    expect(await document.at(state(0))).toBe(first);
    expect((await document.at(state(1))).identity.toString()).toBe("list 2");
    expect(composed).toBe(2);
  });
});
