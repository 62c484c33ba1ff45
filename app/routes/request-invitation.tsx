import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.requestInvitation });

export default function RequestInvitationPage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.requestInvitation.heading}</h1>
    </section>
  );
}
