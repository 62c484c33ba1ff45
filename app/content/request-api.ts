/**
 * The words of the invitation request API (server/api/invitation-requests.ts) beyond the
 * per-field messages of the shared schema: JSON errors for programs, and the small pages
 * a form posted without JavaScript gets when its request was not stored. The pages never
 * repeat what the visitor typed: they name the fields by their labels only.
 */
export const requestApiContent = {
  json: {
    crossSite: "Requests from other sites are refused.",
    /** `{limit}` is replaced with the limit in bytes. */
    tooLarge: "The body is over {limit} bytes.",
    unsupportedType: "Send application/json or application/x-www-form-urlencoded, in UTF-8, once.",
    rateLimited: "Too many requests from this address. Try again after the Retry-After seconds.",
    notJson: "The body is not valid JSON.",
    notUtf8: "The body is not valid UTF-8.",
    notObject: 'Send a JSON object: {"mode": "candidate" | "employer", "fields": {...}}.',
    failed: "The request could not be saved. Try again in a moment.",
  },
  pages: {
    /** Shown under every page's text: how to get back to what was typed. */
    back: "Use your browser's Back button to return to the form: what you typed is still there.",
    formLink: "Open the form again",
    /** Followed by the contact address as a mailto link. */
    emailLead: "You can also write to us at",
    invalid: {
      title: "Please check your request",
      heading: "A few details need another look",
      lead: "Your request has not been sent yet. Please correct:",
      /** For a field the form does not have (a changed page or a program), named by nothing it sent. */
      unknownField: "The request included a field the form does not have. Please send the form again.",
    },
    rateLimited: {
      title: "Please wait a moment",
      heading: "Please wait a moment before sending again",
      /** `{wait}` is replaced with the wait in words (lib/wait-text.ts). */
      body: "We received several requests from your network in a short time, so this one was not sent. Please send it again in {wait}.",
    },
    tooLarge: {
      title: "Your request is too long",
      heading: "Your request is too long to send",
      body: "Please shorten your message and send the form again.",
    },
    failed: {
      title: "Your request was not saved",
      heading: "Your request could not be saved",
      body: "Something went wrong on our side and your request was not saved. Please send it again in a moment.",
    },
  },
} as const;
