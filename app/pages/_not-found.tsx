import type { SiteWords } from "#shared/content/site.ts";
import { LinkButton } from "#app/components/ui/button.tsx";

/**
 * Any unknown path. Prerendered once as 404.html, which the servers answer with status
 * 404; 404.astro logs the unknown path to the console.
 */
export default function NotFound({ content }: { content: SiteWords["notFound"] }) {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-6 py-24 text-center">
      <p className="text-7xl font-semibold tracking-tight text-gold-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-title font-semibold">{content.meta.heading}</h1>
      <p className="max-w-md text-lead text-muted">{content.body}</p>
      <LinkButton href={content.homeLink.href}>{content.homeLink.label}</LinkButton>
    </section>
  );
}
