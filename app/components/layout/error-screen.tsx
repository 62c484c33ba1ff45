import { LinkButton } from "#app/components/ui/button.tsx";

/** The error screen's words (content/site.yaml, `error`): the specification's heading, a line, the way home. */
export interface ErrorWords {
  heading: string;
  body: string;
  homeLink: { label: string; href: string };
}

/** The router's last resort: the specification's heading, then the error's status and text or message. */
export function ErrorScreen({ detail, words: errorContent }: { detail: string; words: ErrorWords }) {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-6 py-24">
      <h1 className="text-title font-semibold">{errorContent.heading}</h1>
      <p
        className="rounded-card border border-line bg-surface px-4 py-3 font-mono text-sm text-ink"
        data-testid="error-detail"
      >
        {detail}
      </p>
      <p className="max-w-xl text-lead text-muted">{errorContent.body}</p>
      <LinkButton href={errorContent.homeLink.href}>{errorContent.homeLink.label}</LinkButton>
    </section>
  );
}
