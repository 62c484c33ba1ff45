import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.whoWeAre });

export default function WhoWeArePage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.whoWeAre.heading}</h1>
    </section>
  );
}
