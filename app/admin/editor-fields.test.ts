// @vitest-environment node
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTENT } from "#shared/content/collections.ts";
import { roleSchema } from "#shared/content/roles.ts";
import { fixed, text } from "#shared/content/fields.ts";
import { decapConfig } from "./editor-config";
import { editorField, labelOf, objectFields, type EditorField } from "./editor-fields";

/** Every field of a form, however deep. */
function allFields(fields: readonly EditorField[]): EditorField[] {
  return fields.flatMap((field) => [
    field,
    ...allFields(field.fields ?? []),
    ...(field.field ? allFields([field.field]) : []),
    ...allFields(field.types ?? []),
  ]);
}

describe("the editor's forms, made from the content schemas", () => {
  it("give every file of content/ a form, one field per key of its schema, in order", () => {
    for (const { schema } of Object.values(CONTENT)) {
      expect(objectFields(schema).map((field) => field.name)).toEqual(Object.keys(schema.shape));
    }
  });

  it("check a text's length as its schema does, and say the limits in the hint", () => {
    const field = editorField("heading", text({ max: 80, maxWord: 14 }));
    expect(field).toMatchObject({ widget: "string", required: true });
    const pattern = new RegExp(field.pattern![0]);
    expect(pattern.test("x".repeat(80))).toBe(true);
    expect(pattern.test("x".repeat(81))).toBe(false);
    expect(pattern.test("")).toBe(false);
    expect(field.pattern![1]).toBe("Use 1 to 80 characters.");
    expect(field.hint).toBe("At most 80 characters. Words of at most 14 letters, so each fits a phone's screen.");
    expect(editorField("body", text({ max: 400 })).widget).toBe("text");
    expect(editorField("lead", text({ max: 200 }).optional())).toMatchObject({ required: false });
  });

  it("keep the placeholders an email's text must keep, as its schema does", () => {
    const field = editorField("releaseLine", text({ max: 400, requires: ["command"] }));
    const pattern = new RegExp(field.pattern![0]);
    expect(pattern.test("To send one on, on the server: {command}")).toBe(true);
    expect(pattern.test("To send one on, ask a developer.")).toBe(false);
    expect(field.pattern![1]).toBe("Use 1 to 400 characters, and keep {command}.");
    expect(field.hint).toContain("Keep {command}: the server fills it in.");
  });

  it("show the specification's texts read-only, with the reason", () => {
    expect(editorField("loading", fixed("Loading form..."))).toMatchObject({
      widget: "fixed",
      default: "Loading form...",
      hint: "Fixed by the specification: it cannot be changed here.",
    });
    const request = allFields(objectFields(CONTENT.requestInvitation.schema));
    expect(request.filter((field) => field.widget === "fixed").map((field) => field.name)).toEqual(
      expect.arrayContaining(["imageHeadline", "confirmationBody", "loading", "failed", "retry", "title"]),
    );
  });

  it("keep the number of items the layout is drawn for, and describe lists and choices", () => {
    const mission = objectFields(CONTENT.mission.schema);
    const pillars = mission.find((field) => field.name === "pillars")!.fields!.find((field) => field.name === "items")!;
    expect(pillars).toMatchObject({ widget: "list", min: 3, max: 3, allow_add: false });
    const icon = pillars.fields!.find((field) => field.name === "icon")!;
    expect(icon).toMatchObject({ widget: "select", options: expect.arrayContaining(["target", "award"]) });
    const terms = allFields(objectFields(CONTENT.terms.schema));
    expect(terms.find((field) => field.name === "blocks")).toMatchObject({ widget: "list", typeKey: "type" });
    expect(terms.find((field) => field.name === "lastUpdated")).toMatchObject({
      widget: "datetime",
      format: "YYYY-MM-DD",
    });
  });

  it("refuse a schema shape it has no field for, naming the key", () => {
    expect(() => editorField("when", z.boolean())).toThrow('no form field for "when"');
  });

  it("label fields for people", () => {
    expect(labelOf("imageHeadline")).toBe("Image headline");
    expect(labelOf("ctaLabel")).toBe("CTA label");
  });
});

describe("the editor's configuration", () => {
  it("saves to GitHub through the site's own sign-in, as pull requests unless told to commit", () => {
    const settings = { backend: "github", repo: "acme/network", branch: "main", publishMode: "pull-request" } as const;
    const config = decapConfig(settings, "https://network.example", "https://network.example");
    expect(config.backend).toMatchObject({
      name: "github",
      repo: "acme/network",
      branch: "main",
      base_url: "https://network.example",
      auth_endpoint: "api/editor/auth",
    });
    expect(config.publish_mode).toBe("editorial_workflow");
    expect(decapConfig({ ...settings, publishMode: "commit" }, "https://network.example").publish_mode).toBeUndefined();
    expect(config.load_config_file).toBe(false);
  });

  it("saves to this checkout under npm run edit, and lists every file of content/ once, and the roles' folder", () => {
    const config = decapConfig(
      { backend: "local", url: "http://127.0.0.1:8081/api/v1", branch: "main" },
      "http://localhost:4173",
    );
    expect(config.backend).toEqual({ name: "proxy", proxy_url: "http://127.0.0.1:8081/api/v1", branch: "main" });
    const files = config.collections.flatMap((collection) =>
      "files" in collection ? collection.files.map((file) => file.file) : [],
    );
    expect(files.sort()).toEqual(
      Object.values(CONTENT)
        .map(({ file }) => `content/${file}`)
        .sort(),
    );
    const roles = config.collections.find((collection) => !("files" in collection));
    expect(roles).toMatchObject({ folder: "content/roles", extension: "md", format: "frontmatter", create: true });
    const fields = "fields" in roles! ? roles.fields : [];
    expect(fields.map((field) => field.name)).toEqual([...Object.keys(roleSchema.shape), "body"]);
    expect(fields.find((field) => field.name === "validThrough")).toMatchObject({ widget: "datetime" });
    expect(fields.find((field) => field.name === "employmentType")).toMatchObject({
      widget: "select",
      default: "FULL_TIME",
    });
  });
});
