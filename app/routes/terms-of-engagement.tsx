import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.terms });

export default function TermsOfEngagementPage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.terms.heading}</h1>
    </section>
  );
}
