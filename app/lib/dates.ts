/** A calendar date (YYYY-MM-DD) as US English writes it in full, e.g. "June 1, 2025": the same day wherever it is built. */
export function longDate(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  // Not a day yet (a date still being typed, in the editor's preview): shown as it is.
  if (Number.isNaN(day.getTime())) return isoDate;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(day);
}
