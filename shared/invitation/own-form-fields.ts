/**
 * The site's own form's fields as it shows them (docs/product.md#nothing-lost): the
 * schema's fields of the mode, in the schema's order (request-schema.ts), each with its
 * words from the copy (content/request-invitation.ts), which names each field once, by
 * its schema name. The form, the server's refusal pages and the team's notifications
 * all read the fields from here, so each shows the same labels in the same order.
 */
import { requestInvitationContent, type OwnFormFieldCopy } from "#app/content/request-invitation";
import type { InvitationMode } from "./mode";
import { REQUEST_FIELDS, type RequestFieldName, type RequestFieldRule } from "./request-schema";

/** One field of the own form: its rule from the schema and its words from the copy. */
export interface OwnFormField<Name extends string = string> extends RequestFieldRule, OwnFormFieldCopy {
  name: Name;
}

function withWords<Name extends string>(
  rules: readonly (RequestFieldRule & { name: Name })[],
  words: Record<Name, OwnFormFieldCopy>,
): readonly OwnFormField<Name>[] {
  return rules.map((rule) => ({ ...rule, ...words[rule.name] }));
}

const forms = requestInvitationContent.ownForm.forms;

const OWN_FORM_FIELDS: { [M in InvitationMode]: readonly OwnFormField<RequestFieldName<M>>[] } = {
  candidate: withWords(REQUEST_FIELDS.candidate, forms.candidate.fields),
  employer: withWords(REQUEST_FIELDS.employer, forms.employer.fields),
};

/** A mode's fields in the order the form shows them, each with its rule and its words. */
export function ownFormFields<M extends InvitationMode>(mode: M): readonly OwnFormField<RequestFieldName<M>>[] {
  return OWN_FORM_FIELDS[mode];
}
