/**
 * `Date.prototype.toISOString` for the dates a response or a stored JSON document carries, without
 * its cost: V8 formats through a C++ builtin, so the dates of a catalog page took longer than the
 * JSON.stringify of the whole page (ADR-0066; docs/performance.md; JSON.stringify of a Date goes through
 * the same builtin, by `toJSON`). Same text for every date: years 1970 to 9999 are formatted
 * here, anything else (and an invalid date, which throws) by `toISOString` itself.
 *
 * @module
 */

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00.000Z: from here on, years have more than four digits. */
const YEAR_10000_MS = 253_402_300_800_000;

/**
 * `date.toISOString()`, e.g. `2026-01-31T23:59:59.999Z`.
 *
 * @example
 * isoTime(new Date(0)); // "1970-01-01T00:00:00.000Z"
 */
export function isoTime(date: Date): string {
  const time = date.getTime();
  if (!(time >= 0 && time < YEAR_10000_MS)) return date.toISOString();
  const days = Math.floor(time / DAY_MS);
  let rest = time - days * DAY_MS;
  // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted), eras of
  // 400 years starting on March 1st so that a leap day ends its year.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  rest -= seconds * 1000;
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest]}Z`;
}
