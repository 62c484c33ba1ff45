import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.home });

export default function HomePage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.home.heading}</h1>
    </section>
  );
}
