/**
 * What the visitor typed into the site's own form, kept for the page's lifetime so a
 * mode change (which replaces the form) keeps the name, email and company. The
 * `message` field is asked differently per mode, so it is not carried over.
 */
const draft = new Map<string, string>();
const MODE_SPECIFIC_FIELDS = new Set(["message"]);

export function rememberDraftValue(name: string, value: string): void {
  if (!MODE_SPECIFIC_FIELDS.has(name)) draft.set(name, value);
}

export function draftValue(name: string): string | undefined {
  return MODE_SPECIFIC_FIELDS.has(name) ? undefined : draft.get(name);
}

/** After a request is stored, nothing of it lingers for the next one. */
export function clearDraft(): void {
  draft.clear();
}
