import type { ReactNode } from "react";
import { readContent } from "#shared/content/read.ts";
import { islandWords, RequestWords } from "./request-words";

/** The request page's words, read from content/ as its page reads them: for the island's components under test. */
export const testRequestWords = islandWords(readContent("requestInvitation"), readContent("site").newTabHint);

/** Gives a component under test the words its island would give it (`render(ui, { wrapper: WithRequestWords })`). */
export function WithRequestWords({ children }: { children: ReactNode }) {
  return <RequestWords value={testRequestWords}>{children}</RequestWords>;
}
