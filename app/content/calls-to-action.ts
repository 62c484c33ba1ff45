import { MODE_PARAM } from "#shared/invitation/mode";
import { pages } from "./pages";
import type { LinkAction } from "./types";

/** Where every call to action points: the request page, in leader or employer mode (docs/product.md#pages). */
export const requestPaths = {
  leaders: pages.requestInvitation.path,
  employers: `${pages.requestInvitation.path}?${MODE_PARAM}=employer`,
} as const;

/** The home hero's two calls to action, labelled by audience as the specification names them. */
export const audienceActions = {
  leaders: { label: "For TA Leaders", href: requestPaths.leaders },
  employers: { label: "For Employers", href: requestPaths.employers },
} as const satisfies Record<string, LinkAction>;

/** The closing calls to action of every content page. */
export const requestActions = {
  leaders: { label: "Request an Invitation", href: requestPaths.leaders },
  employers: { label: "Submit a Talent Brief", href: requestPaths.employers },
} as const satisfies Record<string, LinkAction>;
