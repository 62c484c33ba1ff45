import { createContext, useContext } from "react";
import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";

/**
 * The words the request page's island shows, given to it as a prop by its page
 * (app/pages/request-invitation/_document.astro) from content/request-invitation.yaml:
 * the island carries no words of its own, so a marketing edit never touches its code. The
 * head's words travel separately (`heads`); the no-JavaScript confirmation pages' stay with them.
 */
export type RequestPageWords = Omit<RequestInvitationWords, (typeof STATIC_PARTS)[number] | "modes"> & {
  modes: Record<InvitationMode, Omit<RequestInvitationWords["modes"][InvitationMode], "meta">>;
  /** Appended, visually hidden, to links that open a new tab (content/site.yaml). */
  newTabHint: string;
};

/** Words only the page's static HTML shows (its slots, the no-JavaScript pages): the island is not given them. */
const STATIC_PARTS = ["received", "backLink", "eyebrow", "supporterLabel"] as const;

/** The island's words, for what it draws below its page (the forms, the loader, the confirmation). */
export const RequestWords = createContext<RequestPageWords | null>(null);

export function useRequestWords(): RequestPageWords {
  const words = useContext(RequestWords);
  if (!words) throw new Error("useRequestWords: outside the request page's island (RequestWords is not provided)");
  return words;
}

/** An object without some of its keys. */
function omit<T extends object, K extends keyof T>(value: T, ...keys: readonly K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => !keys.includes(name as K))) as Omit<T, K>;
}

/** The page's words without what only its head and the no-JavaScript pages use: what the island is given. */
export function islandWords(words: RequestInvitationWords, newTabHint: string): RequestPageWords {
  const { modes, ...page } = words;
  const withoutMeta = (mode: RequestInvitationWords["modes"][InvitationMode]) => omit(mode, "meta");
  return {
    ...omit(page, ...STATIC_PARTS),
    modes: { candidate: withoutMeta(modes.candidate), employer: withoutMeta(modes.employer) },
    newTabHint,
  };
}

/**
 * The island's words in a mode's part (./mode-part.ts, docs/decisions/0029-request-page-hydrates-when-touched.md):
 * what both modes share, that mode's own, and the toggle's two labels.
 */
export type ServedWords = Omit<RequestPageWords, "modes" | "ownForm"> & {
  modes: Partial<RequestPageWords["modes"]>;
  ownForm: Omit<RequestPageWords["ownForm"], "forms"> & { forms: Partial<RequestPageWords["ownForm"]["forms"]> };
  /** The toggle's label of each mode, both shown at once. */
  toggleLabels: Record<InvitationMode, string>;
};

/** The island's words with only `mode`'s own, and the toggle's labels. */
export function servedWords(words: RequestPageWords, mode: InvitationMode): ServedWords {
  const { modes, ownForm, ...shared } = words;
  return {
    ...shared,
    modes: { [mode]: modes[mode] },
    ownForm: { ...ownForm, forms: { [mode]: ownForm.forms[mode] } },
    toggleLabels: { candidate: modes.candidate.toggleLabel, employer: modes.employer.toggleLabel },
  };
}

/** The served words with `mode`'s own added, from the words of that mode's part. */
export function withModeWords(words: ServedWords, mode: InvitationMode, other: ServedWords): ServedWords {
  return {
    ...words,
    modes: { ...words.modes, [mode]: other.modes[mode] },
    ownForm: { ...words.ownForm, forms: { ...words.ownForm.forms, [mode]: other.ownForm.forms[mode] } },
  };
}

/** Whether the words of `mode` are there: the island shows only such a mode. */
export function hasModeWords(words: ServedWords, mode: InvitationMode): boolean {
  return words.modes[mode] !== undefined && words.ownForm.forms[mode] !== undefined;
}

/**
 * The words as the island's components read them (RequestWords). Only the modes with their words are in it, and the
 * island only ever shows such a mode (hasModeWords), so a component reads `modes[mode]` of a mode that is there.
 */
export function asPageWords(words: ServedWords): RequestPageWords {
  // The toggle's labels ride along: the components never read them from here.
  return words as unknown as RequestPageWords;
}
