/** A calendar date (YYYY-MM-DD) as US English writes it in full, e.g. "June 1, 2025": the same day wherever it is built. */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
