/**
 * French dates, always in the shop's time zone (Europe/Paris): the server and the browser then
 * print the same text, whatever the machine's zone (no hydration mismatch).
 *
 * Each formatter is made on its first use, not when a page's scripts load: a page's first Intl
 * formatter costs the browser 30–60 ms (ICU's data), which only pages that show a date should pay.
 */
const TIME_ZONE = "Europe/Paris";

/** A formatter made on the first call of `format`. */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | undefined;
  return {
    format(date: Date): string {
      made ??= new Intl.DateTimeFormat(locale, options);
      return made.format(date);
    },
  };
}

const dayFormat = lazyFormat("fr-FR", { day: "numeric", timeZone: TIME_ZONE });
const monthShortFormat = lazyFormat("fr-FR", { month: "short", timeZone: TIME_ZONE });
const longDateFormat = lazyFormat("fr-FR", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const timeFormat = lazyFormat("fr-FR", {
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

const weekdayFormat = lazyFormat("fr-FR", { weekday: "long", timeZone: TIME_ZONE });
const dayMonthFormat = lazyFormat("fr-FR", {
  day: "numeric",
  month: "long",
  timeZone: TIME_ZONE,
});
const dayMonthYearFormat = lazyFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
/** "23 novembre 2026" */
export function dayMonthYear(iso: string): string {
  return dayMonthYearFormat.format(new Date(iso));
}

const calendarDayFormat = lazyFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: TIME_ZONE,
});

/** "2026-11-26": an instant's calendar day in the shop's time zone. */
export function calendarDay(iso: string): string {
  return calendarDayFormat.format(new Date(iso));
}

/** Whole calendar days between two instants, counted in the shop's time zone. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const dayNumber = (date: Date) => Date.parse(`${calendarDayFormat.format(date)}T00:00:00Z`) / 86_400_000;
  return Math.round(dayNumber(later) - dayNumber(earlier));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A chat bubble's time (docs/product.md §9): "Aujourd'hui, 14h05", "Hier, 09h12", the weekday for 2 to 7
 * days ago ("Lundi, 18h30"), otherwise the date, with the year only when it is not this year.
 */
export function chatTimestamp(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = frenchTime(iso);
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return `Aujourd'hui, ${time}`;
  if (days === 1) return `Hier, ${time}`;
  if (days <= 7) return `${capitalise(weekdayFormat.format(date))}, ${time}`;
  const sameYear = calendarDayFormat.format(date).slice(0, 4) === calendarDayFormat.format(now).slice(0, 4);
  return `${(sameYear ? dayMonthFormat : dayMonthYearFormat).format(date)}, ${time}`;
}
