/**
 * What the request page runs only once a visitor sends: the field checks, the send with its
 * retries, the conversion event, the confirmation and the confetti. Its own chunk, loaded
 * when the visitor first uses the form (./load-after-send.ts), so the page's first-load
 * JavaScript carries none of it (docs/decisions/0010-request-page-hydrates-in-pieces.md).
 */
export { fieldProblem, problemTexts, validateInvitationRequest } from "#shared/invitation/request-validation.ts";
export { newIdempotencyKey, sendInvitationRequest } from "./send-request";
export { trackRequestSent } from "#app/features/analytics/analytics.ts";
export { ConfirmationNotice } from "./confirmation-notice";
export { Confetti } from "#app/features/celebration/confetti.tsx";
