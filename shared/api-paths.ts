/**
 * The site's API: every route of it is under API_PREFIX, written once here. The Node server
 * mounts the API's scope at the prefix (Fastify's `prefix`), so each endpoint names only its
 * own route; nginx hands the prefix to the Node server; the pages post to the full paths.
 */
export const API_PREFIX = "/api";

/** The routes of the API, below API_PREFIX. */
export const API_ROUTES = {
  invitationRequests: "/invitation-requests",
  cspReports: "/csp-reports",
  health: "/health",
  /** The editor's sign-in by email, on EDITOR_ORIGIN (server/editor/sign-in.ts): the form, the link's page, the sign-out. */
  editorSignIn: "/editor/sign-in",
  editorLink: "/editor/link",
  editorSignOut: "/editor/sign-out",
  /** The editor's API, Decap's proxy protocol (server/editor/api.ts), and what it publishes. */
  editorApi: "/editor/v1",
  editorStatus: "/editor/status",
  editorHistory: "/editor/history",
  editorUndo: "/editor/undo",
  /** The pages the answer links of the team's emails open (server/api/answer-links.ts). */
  answer: "/answer",
} as const;

/** The query parameter of an answer link that carries its signed token, and the form field its page posts it in. */
export const ANSWER_TOKEN_PARAM = "token";

/** A route's full path, as a client asks for it: `/api/health`. */
export const apiPath = (route: (typeof API_ROUTES)[keyof typeof API_ROUTES] | `/${string}`) => `${API_PREFIX}${route}`;
