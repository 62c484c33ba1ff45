import { pages } from "~/content/pages";
import { RequestReceived } from "~/features/invitation/request-received";
import { buildMeta } from "~/lib/seo";

export const head = () => buildMeta({ page: pages.requestReceivedEmployer });

/** An employer's talent brief, posted without JavaScript, is stored: REQUEST_RECEIVED_PATHS.employer. */
export default function RequestReceivedEmployerPage() {
  return <RequestReceived mode="employer" heading={pages.requestReceivedEmployer.heading} />;
}
