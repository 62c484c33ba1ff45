/**
 * The API's own messages, for the programs that call it (the island, an integration): the
 * `error` of a refusal and the body-level `errors` of a 400. Visitors never read them (the
 * page says what to do in its own words, content/), so they are part of the API's contract
 * and live with it.
 */
export const API_MESSAGES = {
  crossSite: "Requests from other sites are refused.",
  /** `{limit}` is replaced with the limit in bytes. */
  tooLarge: "The body is over {limit} bytes.",
  unsupportedType: "Send application/json or application/x-www-form-urlencoded, in UTF-8, once.",
  rateLimited: "Too many requests from this address. Try again after the Retry-After seconds.",
  notJson: "The body is not valid JSON.",
  notUtf8: "The body is not valid UTF-8.",
  notObject: 'Send a JSON object: {"mode": "candidate" | "employer", "fields": {...}}.',
  failed: "The request could not be saved. Try again in a moment.",
} as const;
