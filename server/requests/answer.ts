/**
 * Answering a request (docs/product.md#the-48-hour-promise), whatever it came by: the team's
 * email's link (server/api/answer-links.ts, once its signed token is checked) or the command line
 * (`npm run requests -- answer <id> invite|decline|other`). One rule both ways: a request is
 * answered once (the first answer stands), a held one only once admitted, an erased one never;
 * the answer, the reminder it makes unneeded and the requester's email of it (an invitation or a
 * decline, when the site emails requesters) are written in one transaction.
 */
import type { Answer } from "./answer-links";
import type { AnswerRecord, AnswerStore } from "./store";

export interface AnswerSettings {
  store: Pick<AnswerStore, "recordAnswer">;
  /** Whether the site emails requesters (ACKNOWLEDGEMENT_SENDER=site, with SMTP_URL): then it tells them an invitation or a decline. */
  tellsRequesters: boolean;
  now: () => number;
  log?: (line: string) => void;
}

export type AnswerOutcome = AnswerRecord & {
  /** Whether the requester is sent the site's email of this answer. */
  emailed: boolean;
};

/** Whether this answer sends the requester an email: an invitation or a decline, where the site emails requesters. */
export const emailsRequester = (answer: Answer, tellsRequesters: boolean): boolean =>
  tellsRequesters && answer !== "other";

export function answerRequests({ store, tellsRequesters, now, log = () => {} }: AnswerSettings) {
  return async function answer(id: string, given: Answer): Promise<AnswerOutcome> {
    const record = await store.recordAnswer(id, given, now(), { tellRequester: tellsRequesters });
    const emailed = record.outcome === "recorded" && emailsRequester(given, tellsRequesters);
    if (record.outcome === "recorded") {
      log(`[answers] ${id} answered: ${given}${emailed ? "; the requester is emailed" : ""}`);
    }
    return { ...record, emailed };
  };
}

export type AnswerRequest = ReturnType<typeof answerRequests>;
