/**
 * The site's own form's fields as it shows them (docs/product.md#nothing-lost): the
 * schema's fields of the mode, in the schema's order (request-schema.ts), each with its
 * words (content/request-invitation.yaml, `ownForm.forms`), which name each field once, by
 * its schema name. The form, the server's refusal pages and the team's notifications
 * all read the fields from here, so each shows the same labels in the same order.
 */
import type { FieldWords, RequestInvitationWords } from "../content/request-invitation";
import type { InvitationMode } from "./mode";
import { REQUEST_FIELDS, type RequestFieldName, type RequestFieldRule } from "./request-schema";

/** The words of the form of each mode. */
export type OwnFormWords = RequestInvitationWords["ownForm"]["forms"];

/** One field of the own form: its rule from the schema and its words. */
export interface OwnFormField<Name extends string = string> extends RequestFieldRule, FieldWords {
  name: Name;
}

/** A mode's fields in the order the form shows them, each with its rule and its words. */
export function ownFormFields<M extends InvitationMode>(
  mode: M,
  forms: OwnFormWords,
): readonly OwnFormField<RequestFieldName<M>>[] {
  const rules: readonly (RequestFieldRule & { name: RequestFieldName<M> })[] = REQUEST_FIELDS[mode];
  // Checked, not cast: each mode's words must name every field of its mode.
  const byMode: { [K in InvitationMode]: { fields: Record<RequestFieldName<K>, FieldWords> } } = forms;
  const words = byMode[mode].fields;
  return rules.map((rule) => ({ ...rule, ...words[rule.name] }));
}
