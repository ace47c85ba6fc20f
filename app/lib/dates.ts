/**
 * French dates, always in the shop's time zone (Europe/Paris): the server and the browser then
 * print the same text, whatever the machine's zone (no hydration mismatch).
 */
const TIME_ZONE = "Europe/Paris";

const dayFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", timeZone: TIME_ZONE });
const monthShortFormat = new Intl.DateTimeFormat("fr-FR", { month: "short", timeZone: TIME_ZONE });
const longDateFormat = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: TIME_ZONE,
});

/** Day of the month and abbreviated French month of an ISO date: { day: "12", month: "déc." }. */
export function dayAndMonth(iso: string): { day: string; month: string } {
  const date = new Date(iso);
  return { day: dayFormat.format(date), month: monthShortFormat.format(date) };
}

/** "samedi 12 décembre 2026" */
export function longDate(iso: string): string {
  return longDateFormat.format(new Date(iso));
}

/** "10:00" → "10h00", the French way of writing a time. */
export function frenchTime(iso: string): string {
  return timeFormat.format(new Date(iso)).replace(":", "h");
}
