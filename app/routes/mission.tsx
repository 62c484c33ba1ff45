import { pages } from "~/content/pages";
import { buildMeta } from "~/lib/seo";

export const meta = () => buildMeta({ page: pages.mission });

export default function MissionPage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-display font-semibold">{pages.mission.heading}</h1>
    </section>
  );
}
