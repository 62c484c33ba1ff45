// @vitest-environment node
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTENT } from "#shared/content/collections.ts";
import { checkWords, issueMessage } from "#shared/content/issues.ts";
import { roleSchema } from "#shared/roles/schema.ts";
import { fixed, text } from "#shared/content/fields.ts";
import { decapConfig } from "./editor-config";
import { MEDIA_FOLDER } from "./media-folder";
import { checkSchema, editorField, labelOf, objectFields, type EditorField } from "./editor-fields";
import { checkEntry } from "./entry-checks";
import { FORM_HEADLINE, fileKeyOrder, toFileShape, toFormFields, toFormShape } from "./form-shape";
import { readContent } from "#shared/content/read.ts";

/** Every field of a form, however deep. */
function allFields(fields: readonly EditorField[]): EditorField[] {
  return fields.flatMap((field) => [
    field,
    ...allFields(field.fields ?? []),
    ...(field.field ? allFields([field.field]) : []),
    ...allFields(field.types ?? []),
  ]);
}

/** What a field's check says of a value, in the build's words. */
function refusals(field: EditorField, value: unknown): string[] {
  const result = checkWords(checkSchema(field.check!)!, value);
  return result.success ? [] : result.error.issues.map(issueMessage);
}

describe("the editor's forms, made from the content schemas", () => {
  it("give every file of content/ a form, one field per key of its schema, in order but the page's head last", () => {
    for (const { schema } of Object.values(CONTENT)) {
      const keys = Object.keys(schema.shape);
      expect(objectFields(schema).map((field) => field.name)).toEqual([
        ...keys.filter((key) => key !== "meta"),
        ...keys.filter((key) => key === "meta"),
      ]);
    }
    const candidate = objectFields(CONTENT.requestInvitation.schema)
      .find((field) => field.name === "modes")!
      .fields!.find((field) => field.name === "candidate")!;
    expect(candidate.fields!.at(-1)).toMatchObject({ name: "meta", collapsed: true });
  });

  it("check a text as its schema does, in its words, and say the limits in characters", () => {
    const field = editorField("heading", text({ max: 80, maxWord: 14 }));
    expect(field).toMatchObject({ widget: "string", required: true, path: ["heading"] });
    expect(refusals(field, "word ".repeat(16).trim())).toEqual([]);
    expect(refusals(field, "x ".repeat(41))).toEqual([
      "Use at most 80 characters here (this has 82), so it fits the page on a phone.",
    ]);
    expect(refusals(field, "")).toEqual(["This is required: write some text here."]);
    expect(refusals(field, undefined)).toEqual(["This is required: it is missing."]);
    expect(refusals(field, "A transformationalist")).toEqual([
      '"transformationalist" is too long to fit a phone\'s screen: use words of at most 14 characters.',
    ]);
    expect(field.hint).toBe("At most 80 characters. Words of at most 14 characters, so each fits a phone's screen.");
    expect(editorField("body", text({ max: 400 })).widget).toBe("text");
  });

  it("take an emptied optional text as left out, as the build does", () => {
    const lead = objectFields(CONTENT.mission.schema)
      .find((field) => field.name === "pillars")!
      .fields!.find((field) => field.name === "intro")!
      .fields!.find((field) => field.name === "lead")!;
    expect(lead).toMatchObject({ required: false, path: ["pillars", "intro", "lead"] });
    expect(refusals(lead, "")).toEqual([]);
    expect(refusals(lead, "<b>Bold</b>")).toEqual([
      "Write plain text: no HTML tags or entities (the site adds the formatting).",
    ]);
  });

  it("keep the placeholders an email's text must keep, as its schema does", () => {
    const field = editorField("admitLine", text({ max: 400, requires: ["command"] }));
    expect(refusals(field, "To send one on, on the server: {command}")).toEqual([]);
    expect(refusals(field, "To send one on, ask a developer.")).toEqual([
      "Keep {command} in this text: the server puts the command there.",
    ]);
    expect(field.hint).toContain("Keep {command}: the server fills it in.");
  });

  it("show the specification's texts locked, with the reason, and their lists neither shortened nor reordered", () => {
    expect(editorField("loading", fixed("Loading form..."))).toMatchObject({
      widget: "fixed",
      default: "Loading form...",
      hint: "Fixed by the specification: it cannot be changed here.",
    });
    const request = allFields(objectFields(CONTENT.requestInvitation.schema));
    expect(request.filter((field) => field.widget === "fixed").map((field) => field.name)).toEqual(
      expect.arrayContaining(["imageHeadline", "confirmationBody", "loading", "failed", "retry", "title"]),
    );
    const pillars = objectFields(CONTENT.mission.schema)
      .find((field) => field.name === "pillars")!
      .fields!.find((field) => field.name === "items")!;
    expect(pillars).toMatchObject({
      widget: "list",
      min: 3,
      max: 3,
      allow_add: false,
      allow_remove: false,
      allow_reorder: false,
    });
    const icon = pillars.fields!.find((field) => field.name === "icon")!;
    expect(icon.options).toEqual(expect.arrayContaining([{ label: "target", value: "target" }]));
  });

  it("label fields in the marketer's words, never by a developer's name", () => {
    const labels = Object.values(CONTENT).flatMap(({ schema }) =>
      allFields(objectFields(schema)).map((field) => field.label),
    );
    for (const developerWord of [
      /^Href$/,
      /^Candidate$/,
      /^Firstname$/,
      /^Lastname$/,
      /^Jobtitle$/,
      /^Toggle legend$/,
      /^Own form first$/,
      /^No script lead$/,
      /CTA/,
      /_/,
      /Hub ?spot/,
    ]) {
      expect(labels.filter((label) => developerWord.test(label))).toEqual([]);
    }
    expect(labelOf("imageHeadline")).toBe("Image headline");
    expect(labelOf("withHubSpot")).toBe("With HubSpot");
  });

  it("offer the role's choices by name and its dates as days, and say the pay is yearly and when the role closes", () => {
    const fields = objectFields(roleSchema);
    const field = (name: string) => fields.find((each) => each.name === name)!;
    expect(field("employmentType")).toMatchObject({
      widget: "select",
      default: "FULL_TIME",
      options: [
        { label: "Full time", value: "FULL_TIME" },
        { label: "Part time", value: "PART_TIME" },
        { label: "Contractor", value: "CONTRACTOR" },
      ],
    });
    expect(field("datePosted")).toMatchObject({ widget: "date", label: "Posted on" });
    expect(field("validThrough")).toMatchObject({ widget: "date", label: "Open until" });
    expect(field("validThrough").hint).toContain("it closes at the end of this day (23:59 UTC)");
    expect(field("salary")).toMatchObject({ label: "Yearly base pay", required: false });
    expect(field("salary").fields!.map((each) => each.label)).toEqual([
      "Lowest, a year",
      "Highest, a year",
      "Currency",
    ]);
  });

  it("refuse a schema shape it has no field for, naming the key", () => {
    expect(() => editorField("when", z.boolean())).toThrow('no form field for "when"');
  });
});

describe("the editor's check of a whole entry", () => {
  const role = {
    title: "VP, Talent Acquisition",
    location: "Remote, United States",
    datePosted: "2026-11-28",
    validThrough: "2026-12-31",
    qualifications: ["Fifteen years in talent acquisition"],
    responsibilities: ["Lead the talent acquisition organization"],
    body: "Harbor Financial is hiring its first VP of Talent Acquisition, to lead a team of forty recruiters.",
  };
  const paths = (data: Record<string, unknown>) =>
    checkEntry("roles", "vp-talent-acquisition", data).issues.map((issue) => [
      issue.path.join("."),
      issueMessage(issue),
    ]);

  it("passes a role the build publishes, its pay left empty in the form", () => {
    expect(paths(role)).toEqual([]);
    expect(paths({ ...role, salary: { min: "", max: "", currency: "" } })).toEqual([]);
  });

  it("puts a rule across fields at the field it names, and the description at the body", () => {
    expect(paths({ ...role, validThrough: "2026-11-27" })).toEqual([
      ["validThrough", "The role would close before it was posted: choose a day on or after the day it was posted."],
    ]);
    expect(paths({ ...role, salary: { min: 300000, max: 250000, currency: "USD" } })).toEqual([
      ["salary.max", "The highest pay is below the lowest: write the lowest first."],
    ]);
    expect(paths({ ...role, body: "Short." })).toEqual([
      ["body", "Describe the role in at least 80 characters (this has 6)."],
    ]);
  });

  it("checks a page in the file's shape, whatever the form moved", () => {
    const home = readContent("home");
    const form = toFormShape(home) as { hero: Record<string, unknown>; meta: Record<string, unknown> };
    expect(form.hero[FORM_HEADLINE]).toBe(home.meta.heading);
    expect(form.meta).not.toHaveProperty("heading");
    expect(toFileShape(form)).toEqual(home);
    expect(checkEntry("pages", "home", form as Record<string, unknown>).issues).toEqual([]);
  });
});

describe("the form as the page reads", () => {
  it("shows each page's headline first with its opening, and the page's search words last, closed", () => {
    const fields = toFormFields(objectFields(CONTENT.home.schema));
    expect(fields.map((field) => field.name)).toEqual([...Object.keys(CONTENT.home.schema.shape).slice(1), "meta"]);
    const hero = fields.find((field) => field.name === "hero")!;
    // Under the small line above it, as the page shows it.
    expect(hero.fields!.map((field) => field.name).slice(0, 2)).toEqual(["eyebrow", FORM_HEADLINE]);
    expect(hero.fields![1]).toMatchObject({ label: "Headline", path: ["meta", "heading"] });
    expect(fields.at(-1)).toMatchObject({ label: "Search results and link previews", collapsed: true });
    // The Terms have no opening: their headline comes first.
    expect(toFormFields(objectFields(CONTENT.terms.schema))[0]).toMatchObject({ name: FORM_HEADLINE });
    // Decap writes the file's keys in their own order: the page's head first.
    expect(fileKeyOrder(fields.map((field) => field.name))).toEqual(Object.keys(CONTENT.home.schema.shape));
  });

  it("puts the emails each requester receives before the team's own, which is closed and marked as theirs", () => {
    const [requester, team] = objectFields(CONTENT.emails.schema);
    expect(requester!.label).toBe("The emails each requester receives");
    expect(team).toMatchObject({ label: "The team's own emails", collapsed: true });
    expect(team!.hint).toContain("Read by the team, never by visitors.");
  });
});

describe("the editor's configuration", () => {
  it("saves through the site's own server on the editor's origin, with no editorial workflow", () => {
    const config = decapConfig({ backend: "server" }, "https://network.example", "https://editor.network.example");
    expect(config.backend).toEqual({ name: "proxy", proxy_url: "https://editor.network.example/api/editor/v1" });
    expect(config.publish_mode).toBeUndefined();
    expect(config.load_config_file).toBe(false);
    // "View Live" leads to the site, not to the editor's own origin.
    expect(config.site_url).toBe("https://network.example");
  });

  it("saves to this checkout under npm run edit, lists every file of content/ once, and the roles' folder", () => {
    const config = decapConfig(
      { backend: "local", url: "http://127.0.0.1:8081/api/v1" },
      "http://localhost:4173",
      "http://127.0.0.1:4321",
    );
    expect(config.backend).toEqual({ name: "proxy", proxy_url: "http://127.0.0.1:8081/api/v1" });
    // The site the marketer sees is the development server that serves the editor.
    expect(config).toMatchObject({ site_url: "http://127.0.0.1:4321", display_url: "http://127.0.0.1:4321" });
    const files = config.collections.flatMap((collection) =>
      "files" in collection ? collection.files.map((file) => file.file) : [],
    );
    expect(files.sort()).toEqual(
      Object.values(CONTENT)
        .map(({ file }) => `content/${file}`)
        .sort(),
    );
    const mission = config.collections
      .flatMap((each) => ("files" in each ? each.files : []))
      .find((each) => each.name === "mission");
    expect(mission).toMatchObject({ preview_path: "mission" });
    const roles = config.collections.find((collection) => !("files" in collection));
    expect(roles).toMatchObject({
      folder: "content/roles",
      extension: "md",
      format: "frontmatter",
      create: true,
      preview_path: "roles/{{slug}}",
    });
    const fields = "fields" in roles! ? roles.fields : [];
    expect(fields.map((field) => field.name)).toEqual([...Object.keys(roleSchema.shape), "body"]);
  });

  it("keeps the image library apart from the site's icons", () => {
    const config = decapConfig({ backend: "local", url: "http://127.0.0.1:8081/api/v1" }, "http://x");
    expect(config.media_folder).toBe(MEDIA_FOLDER);
    expect(config.media_folder).not.toMatch(/brand/);
    expect(config.public_folder).toBe("/media");
  });
});
