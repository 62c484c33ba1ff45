import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.howWeHelp });

export default function HowWeHelpPage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.howWeHelp.heading}</h1>
    </section>
  );
}
