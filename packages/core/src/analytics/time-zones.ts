/**
 * Calendar days in an IANA time zone, with Intl only (a Web standard): which UTC instant starts a
 * local day, exactly, across DST transitions and zones with :30 and :45 offsets.
 *
 * @module
 */

/** Milliseconds in a quarter hour: every day boundary of every current IANA zone falls on one. */
export const QUARTER_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    if (formatters.size < 512) formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The zone's canonical IANA name, or null when `name` is not a time zone Intl knows.
 *
 * @example
 * canonicalTimeZone("europe/paris"); // "Europe/Paris"
 * canonicalTimeZone("Mars/Olympus"); // null
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The calendar day (days since 1970-01-01) that the instant `ms` falls on in `timeZone`.
 *
 * @example
 * localDay(Date.parse("2026-01-01T03:00:00Z"), "America/New_York"); // epochDay("2025-12-31")
 */
export function localDay(ms: number, timeZone: string): number {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
  }
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * The first instant (UTC milliseconds) of calendar day `day` in `timeZone`: the earliest instant
 * whose local date is `day` or later (a day that starts inside a DST gap starts when the gap ends).
 * Null when that boundary is not on a UTC quarter hour (historical local mean times).
 *
 * `guess` (a quarter hour, e.g. the previous day's start plus 24 hours) is taken when it is that
 * instant: its local date is `day` or later and the millisecond before it is earlier (two `Intl`
 * calls instead of the search's nine); else the search runs. A year by day is 366 boundaries, so
 * this is most of a one-year query's time in core.
 *
 * @example
 * new Date(startOfLocalDay(epochDay("2026-03-08"), "America/New_York") as number).toISOString();
 * // "2026-03-08T05:00:00.000Z"
 */
export function startOfLocalDay(day: number, timeZone: string, guess?: number): number | null {
  if (
    guess !== undefined &&
    guess % QUARTER_MS === 0 &&
    localDay(guess, timeZone) >= day &&
    localDay(guess - 1, timeZone) < day
  ) {
    return guess;
  }
  // Offsets lie within ±15 h of UTC midnight: search the quarter hours of that window.
  let lo = (day * DAY_MS - 15 * 3600 * 1000) / QUARTER_MS;
  let hi = (day * DAY_MS + 15 * 3600 * 1000) / QUARTER_MS;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid * QUARTER_MS, timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  const start = lo * QUARTER_MS;
  if (localDay(start - 1, timeZone) >= day) return null;
  return start;
}

/**
 * Days since 1970-01-01 of a calendar date `YYYY-MM-DD`, or null when it is not a real date.
 *
 * @example
 * epochDay("1970-01-02"); // 1
 * epochDay("2026-02-30"); // null
 */
export function epochDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/**
 * The calendar date `YYYY-MM-DD` of a day number.
 *
 * @example
 * calendarDate(0); // "1970-01-01"
 */
export function calendarDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
