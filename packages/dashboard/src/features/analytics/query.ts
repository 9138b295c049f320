/**
 * The analytics page's query: the range presets, what the page's URL asks (kept as typed), the
 * use case's input it becomes, and the use case's problems in words beside each field. Pure.
 *
 * @module
 */

import { calendarDate, epochDay, localDay } from "@marketplace/core/analytics";

/** Which side of the team the page shows. */
export type AnalyticsSide = "provider" | "reseller";

/** The page's fields, named as the API's parameters. */
export const COMMON_FIELDS = ["from", "to", "timeZone", "granularity", "training"] as const;
/** Each side's filters, named as the API's parameters. */
export const FILTER_FIELDS: Record<AnalyticsSide, readonly string[]> = {
  provider: ["offer", "brand", "market", "serviceType"],
  reseller: ["storefront", "link", "provider"],
};

/** The quick ranges, in order. */
export const PRESETS = [
  { id: "last7", label: "Last 7 days" },
  { id: "last30", label: "Last 30 days" },
  { id: "thisMonth", label: "This month" },
  { id: "lastMonth", label: "Last month" },
  { id: "thisYear", label: "This year" },
] as const;

/** A quick range's id. */
export type PresetId = (typeof PRESETS)[number]["id"];

/**
 * The first and last calendar day of a quick range, counted from today in `timeZone`.
 *
 * @example
 * presetRange("lastMonth", Date.parse("2026-03-07T12:00Z"), "UTC"); // { from: "2026-02-01", to: "2026-02-28" }
 */
export function presetRange(preset: PresetId, now: number, timeZone: string): { from: string; to: string } {
  const today = localDay(now, timeZone);
  const date = new Date(today * 86_400_000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = (y: number, m: number, d: number) => calendarDate(Date.UTC(y, m, d) / 86_400_000);
  switch (preset) {
    case "last7":
      return { from: calendarDate(today - 6), to: calendarDate(today) };
    case "last30":
      return { from: calendarDate(today - 29), to: calendarDate(today) };
    case "thisMonth":
      return { from: day(year, month, 1), to: calendarDate(today) };
    case "lastMonth":
      return { from: day(year, month - 1, 1), to: day(year, month, 0) };
    case "thisYear":
      return { from: day(year, 0, 1), to: calendarDate(today) };
  }
}

/** The quick range that `from`–`to` is today, if any. */
export function matchingPreset(from: string, to: string, now: number, timeZone: string): PresetId | null {
  for (const preset of PRESETS) {
    const range = presetRange(preset.id, now, timeZone);
    if (range.from === from && range.to === to) return preset.id;
  }
  return null;
}

/**
 * The page's values from its URL: every known field as typed (empty fields dropped), with the
 * last 30 days in UTC by day when no range is asked.
 */
export function pageValues(
  side: AnalyticsSide,
  query: Record<string, string | undefined>,
  now: number,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...COMMON_FIELDS, ...FILTER_FIELDS[side]]) {
    const value = query[name]?.trim();
    if (value) values[name] = value;
  }
  values.timeZone ??= "UTC";
  values.granularity ??= "day";
  if (values.from === undefined && values.to === undefined) {
    // A bad zone is reported beside its field; the default range is then counted in UTC.
    let range: { from: string; to: string };
    try {
      range = presetRange("last30", now, values.timeZone);
    } catch {
      range = presetRange("last30", now, "UTC");
    }
    Object.assign(values, range);
  }
  return values;
}

/** The URL query of these values (only non-empty ones), with `changes` applied. */
export function queryString(values: Record<string, string>, changes: Record<string, string | null> = {}): string {
  const merged: Record<string, string | null> = { ...values, ...changes };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(merged)) if (value) params.set(name, value);
  return params.toString();
}

const FIELD_LABELS: Record<string, string> = {
  offer: "offer",
  brand: "brand",
  market: "market",
  storefront: "storefront",
  link: "link",
  provider: "provider team",
};

/**
 * The use case's problems (`"offer must be a UUID"`) by field, in words a person reads.
 *
 * @example
 * analyticsFieldErrors(["to must not be before from"]); // { to: "The end date must not be before the start date." }
 */
export function analyticsFieldErrors(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const first = problem.split(" ")[0] ?? "";
    let field = first;
    let text: string;
    if (problem.startsWith("the range from from to to")) {
      field = "to";
      text = "Choose a range of at most two years (731 days).";
    } else if (problem === "to must not be before from") {
      text = "The end date must not be before the start date.";
    } else if (first === "from" || first === "to") {
      text = `Enter the ${first === "from" ? "start" : "end"} date as YYYY-MM-DD, for example 2026-03-01.`;
    } else if (first === "timeZone") {
      text = /quarter hour/.test(problem)
        ? "This time zone's days do not start on a quarter hour at these dates; choose another zone or range."
        : "Enter a time zone name such as UTC, Europe/Paris or America/New_York.";
    } else if (first === "granularity") {
      text = "Choose day, week or month.";
    } else if (first === "training") {
      // No field of its own (the view is chosen by the two links): said above the button.
      field = "form";
      text = "Choose live orders or training orders with the links above.";
    } else if (first === "serviceType") {
      text = "Choose one of the service types, or all of them.";
    } else if (FIELD_LABELS[first]) {
      text = `Enter the ${FIELD_LABELS[first]}'s id, a UUID such as 3f2c5a9e-4b1d-4c2e-9a7f-1d2e3f4a5b6c, or leave it empty.`;
    } else {
      field = "form";
      text = `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
    }
    errors[field] ??= text;
  }
  return errors;
}

/** Whether `value` is a calendar date the date inputs can hold. */
export function isCalendarDate(value: string | undefined): boolean {
  return value !== undefined && epochDay(value) !== null;
}

/**
 * The most days the data table under the charts lists one by one (a quarter: 92 days). A longer
 * range by day keeps every day in the charts and in the CSV, but its table lists months (a year by
 * day would otherwise be 365 rows, about 55 KB of the page's 50 KB budget): ADR-0076.
 */
export const TABLE_MAX_DAYS = 92;

/** Whether the page's table shows this answer's range by month instead of its days. */
export function tableByMonth(answer: { granularity: string; series: readonly unknown[] }): boolean {
  return answer.granularity === "day" && answer.series.length > TABLE_MAX_DAYS;
}
