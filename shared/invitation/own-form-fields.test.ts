import { describe, expect, it } from "vitest";
import { requestInvitationSchema } from "../content/request-invitation";
import { readContent } from "../content/read";
import { INVITATION_MODES } from "./mode";
import { ownFormFields } from "./own-form-fields";
import { REQUEST_FIELDS } from "./request-schema";

describe("ownFormFields", () => {
  it.each(INVITATION_MODES)(
    "gives the %s form the schema's fields in its order, each with its rule and words",
    (mode) => {
      const fields = ownFormFields(mode, readContent("requestInvitation").ownForm.forms);
      expect(fields.map((field) => field.name)).toEqual(REQUEST_FIELDS[mode].map((rule) => rule.name));
      expect(fields).toEqual(REQUEST_FIELDS[mode].map((rule) => expect.objectContaining(rule)));
      for (const field of fields) expect(field.label, `${mode} ${field.name}`).toMatch(/\S/);
    },
  );

  it.each(INVITATION_MODES)("is never given %s words that leave out one of the schema's fields", (mode) => {
    const words = readContent("requestInvitation");
    const [first, ...rest] = REQUEST_FIELDS[mode].map((rule) => rule.name);
    const fields = Object.fromEntries(rest.map((name) => [name, { label: "A label" }]));
    const withoutFirst = {
      ...words,
      ownForm: {
        ...words.ownForm,
        forms: { ...words.ownForm.forms, [mode]: { ...words.ownForm.forms[mode], fields } },
      },
    };
    const result = requestInvitationSchema.safeParse(withoutFirst);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(
      `ownForm.forms.${mode}.fields.${first}`,
    );
  });
});
