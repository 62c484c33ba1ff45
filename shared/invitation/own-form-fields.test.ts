import { describe, expect, it } from "vitest";
import { readContent } from "../content/read";
import { INVITATION_MODES } from "./mode";
import { ownFormFields } from "./own-form-fields";
import { REQUEST_FIELDS } from "./request-schema";

describe("ownFormFields", () => {
  it.each(INVITATION_MODES)(
    "gives the %s form the schema's fields in its order, each with its rule and words",
    (mode) => {
      const forms = readContent("requestInvitation").ownForm.forms;
      const words: Record<string, object> = forms[mode].fields;
      expect(ownFormFields(mode, forms)).toEqual(
        REQUEST_FIELDS[mode].map((rule) => ({ ...rule, ...words[rule.name] })),
      );
      expect(ownFormFields(mode, forms).map((field) => field.name)).toEqual(
        REQUEST_FIELDS[mode].map((rule) => rule.name),
      );
    },
  );
});
