import { pages } from "~/content/pages";
import { RequestReceived } from "~/features/invitation/request-received";
import { buildMeta } from "~/lib/seo";

export const head = () => buildMeta({ page: pages.requestReceived });

/** A leader's request, posted without JavaScript, is stored: REQUEST_RECEIVED_PATHS.candidate. */
export default function RequestReceivedPage() {
  return <RequestReceived mode="candidate" heading={pages.requestReceived.heading} />;
}
