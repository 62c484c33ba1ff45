import { waitWords } from "~/content/shared";

/** A Retry-After in seconds as words, rounded up to whole minutes: "a minute", "5 minutes". */
export function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? waitWords.one : waitWords.many.replace("{minutes}", String(minutes));
}
