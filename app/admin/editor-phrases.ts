/**
 * The editor's own words: Decap's English, where it speaks to a marketer in a developer's terms
 * or names nothing, said as the site says things (docs/copy.md). Refusals of a list's length read
 * as the build's (shared/content/fields.ts, `list`, `exactly`); every other refusal is the schema's
 * own (./checked-widgets.tsx).
 */
import type { CmsLocalePhrases } from "decap-cms-core";
import { en } from "decap-cms-locales";

/** Decap's question, in a browser dialog, whether to restore a draft kept in the browser (./admin.tsx answers it). */
export const KEPT_DRAFT_QUESTION = "Restore the unsaved changes this browser kept for this page?";

/** Decap's toolbar while nothing typed waits to be saved (its own words, "Changes saved", say so of a new page too). */
export const NOTHING_UNSAVED = "No unsaved changes";

type Phrases = { [key: string]: string | Phrases };

function merged(base: Phrases, changes: Phrases): Phrases {
  const result: Phrases = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const current = result[key];
    result[key] = typeof value === "object" && typeof current === "object" ? merged(current, value) : value;
  }
  return result;
}

export function editorPhrases(siteName: string): CmsLocalePhrases {
  const site = `The ${siteName}`;
  const changes: Phrases = {
    auth: {
      // The sign-in screen names the site and what to sign in with (decision 23 for GitHub).
      login: `Edit ${site} on this computer`,
      loginWithGitHub: `Sign in with GitHub to edit ${site}`,
      loggingIn: "Signing in...",
    },
    app: { header: { content: "Pages and roles", media: "Images" } },
    collection: {
      collectionTop: { newButton: "New %{collectionLabel}", newButtonAriaLabel: "New %{collectionLabel}" },
      entries: { noEntries: "Nothing here yet." },
    },
    editor: {
      editorControlPane: {
        widget: {
          required: "This is required: it is missing.",
          rangeCount: "Give between %{minCount} and %{maxCount} items: the layout has room for %{maxCount}.",
          rangeCountExact: "Give exactly %{count} items.",
          rangeMin: "Give at least %{minCount} items.",
          rangeMax: "Give at most %{maxCount} items: the layout has room for %{maxCount}.",
        },
      },
      editor: { confirmLoadBackup: KEPT_DRAFT_QUESTION },
      // Decap says "Changes saved" whenever nothing is typed since the page opened, a new page
      // never saved included: the toolbar says what is so.
      editorToolbar: { changesSaved: NOTHING_UNSAVED },
    },
    mediaLibrary: {
      mediaLibraryModal: { mediaAssets: "Images", noAssetsFound: "No images yet.", noImagesFound: "No images yet." },
    },
    ui: {
      toast: {
        missingRequiredField: "Not saved: a field needs a change, as it says beside it.",
        onFailToPersist: "Not saved. %{details}",
        entrySaved: "Saved",
      },
    },
  };
  return merged(en as unknown as Phrases, changes) as unknown as CmsLocalePhrases;
}
