import { longDate } from "#app/lib/dates.ts";

/** The plain opening of a long document: its `<h1>` and when it last changed. */
export function DocumentHero({
  title,
  lastUpdated,
}: {
  title: string;
  /** `date` as YYYY-MM-DD, shown in words. */
  lastUpdated: { label: string; date: string };
}) {
  return (
    <div className="border-b border-line bg-surface">
      <div className="container-page py-16 sm:py-20">
        <h1 className="text-display font-semibold">{title}</h1>
        <p className="mt-5 text-muted">
          {lastUpdated.label}: <time dateTime={lastUpdated.date}>{longDate(lastUpdated.date)}</time>
        </p>
      </div>
    </div>
  );
}
