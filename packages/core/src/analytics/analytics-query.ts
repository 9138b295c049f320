/**
 * The analytics query: its parameters checked, its periods in the asked time zone, and the fewest
 * rollup buckets (UTC-aligned 15 minutes, hour, day, month; or local days at a UTC offset)
 * that cover each period exactly. Pure.
 *
 * @module
 */

import { isUuidV4 } from "../ids.ts";
import { SERVICE_TYPES, type ServiceType } from "../offers/index.ts";
import { calendarDate, canonicalTimeZone, epochDay, QUARTER_MS, startOfLocalDay } from "./time-zones.ts";

/** How the series is cut. */
export const ANALYTICS_GRANULARITIES = ["day", "week", "month"] as const;

/** A series period length: `week` is the ISO week (Monday to Sunday), `month` the calendar month. */
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

/**
 * Which orders are counted: `exclude` (the default) counts live orders only; `only` counts the
 * training orders alone (a team's own view of its training, never mixed into the live figures).
 */
export const ANALYTICS_TRAINING = ["exclude", "only"] as const;

/** Whether the figures count live orders (`exclude`) or training orders alone (`only`). */
export type AnalyticsTraining = (typeof ANALYTICS_TRAINING)[number];

/** The longest range, in days (two years, a leap day included). */
export const MAX_ANALYTICS_DAYS = 731;

/**
 * Rollup grains: 0 = 15 minutes, 1 = hour, 2 = day, 3 = calendar month (UTC-aligned); a grain of
 * {@link SHIFTED_DAY_OFFSETS} (`shiftedDayGrain(offset)`, 56 to 155) is the 24 hours that start at
 * local midnight at that UTC offset (ADR-0078).
 */
export type RollupGrain = number;

/**
 * The UTC offsets (minutes east of UTC) whose local days have a grain of their own (ADR-0078):
 * every whole hour from −11 to +12 but 0 (UTC days are grain 2; +13 and +14 days start when −11 and
 * −10 days do, −12 when +12 does), and every offset of the tz database in use since 2020 that is
 * not a whole hour (Marquesas −9:30, St John's −3:30 and −2:30, Tehran +3:30, Kabul +4:30, India
 * +5:30, Nepal +5:45, Myanmar +6:30, Eucla +8:45, Darwin and Adelaide +9:30, Adelaide and Lord Howe
 * +10:30, Chatham +12:45 and +13:45): 36 in all, one per start of a local day in a UTC day. A
 * 24-hour local day in any current zone is one row. Migration 0032 folds the same list; a zone at
 * another offset is still exact, read from hours and quarters.
 */
export const SHIFTED_DAY_OFFSETS: readonly number[] = [
  -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -150, -120, -60, 60, 120, 180, 210, 240, 270, 300,
  330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 825,
];

/**
 * The grain of the days that start at local midnight at UTC offset `offsetMinutes` (a multiple of
 * 15): 100 plus the offset in quarter hours.
 *
 * @example
 * shiftedDayGrain(345); // 123 (Asia/Kathmandu, +5:45)
 */
export function shiftedDayGrain(offsetMinutes: number): RollupGrain {
  return 100 + offsetMinutes / 15;
}

/** One rollup bucket that belongs to one period of the answer. */
export interface RollupPiece {
  grain: RollupGrain;
  /** The bucket's first instant (UTC). */
  bucket: Date;
  /** Index of the period it counts towards. */
  period: number;
}

/** One period of the series: local calendar dates, both inclusive, and its UTC instants. */
export interface AnalyticsPeriod {
  start: string;
  end: string;
  /** First instant of `start` in the zone. */
  from: Date;
  /** First instant of the day after `end` in the zone (exclusive). */
  until: Date;
}

/** The time part of an analytics query, checked. */
export interface AnalyticsWindow {
  from: string;
  to: string;
  timeZone: string;
  granularity: AnalyticsGranularity;
  /** Live orders (`exclude`) or training orders alone (`only`). */
  training: AnalyticsTraining;
  periods: AnalyticsPeriod[];
  /** Buckets of each period (the series; shifted days where they are fewer). */
  seriesPieces: RollupPiece[];
  /** UTC-aligned buckets of the whole range (all period 0): for figures that are not additive (percentiles). */
  rangePieces: RollupPiece[];
}

/** Filters of the provider's analytics (combined with AND). */
export interface ProviderAnalyticsFilter {
  offerId?: string;
  brandId?: string;
  marketId?: string;
  serviceType?: ServiceType;
}

/** Filters of the reseller's analytics (combined with AND). */
export interface ResellerAnalyticsFilter {
  storefrontId?: string;
  linkId?: string;
  providerTeamId?: string;
}

/** The query parameters as sent (strings), common part. */
export interface AnalyticsQueryInput {
  from?: string;
  to?: string;
  timeZone?: string;
  granularity?: string;
  /** `exclude` (default) or `only`. */
  training?: string;
}

/** Parameters of `GET /provider/analytics`. */
export interface ProviderAnalyticsInput extends AnalyticsQueryInput {
  offer?: string;
  brand?: string;
  market?: string;
  serviceType?: string;
}

/** Parameters of `GET /reseller/analytics`. */
export interface ResellerAnalyticsInput extends AnalyticsQueryInput {
  storefront?: string;
  link?: string;
  provider?: string;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Shifted-day grains by where their days start in a UTC day (milliseconds after UTC midnight). */
const SHIFTED_GRAINS = new Map(
  SHIFTED_DAY_OFFSETS.map((offset) => [(DAY_MS - offset * 60_000) % DAY_MS, shiftedDayGrain(offset)]),
);
const LAST_DAY = Date.UTC(9999, 11, 30) / DAY_MS;

/**
 * Checks the time part of a query and computes its periods and buckets.
 *
 * @example
 * const window = parseAnalyticsWindow({ from: "2026-03-01", to: "2026-03-31", timeZone: "America/New_York" });
 */
export function parseAnalyticsWindow(input: AnalyticsQueryInput): Parsed<AnalyticsWindow> {
  const problems: string[] = [];
  const from = dateParameter("from", input.from, problems);
  const to = dateParameter("to", input.to, problems);
  const timeZone = input.timeZone === undefined ? "UTC" : canonicalTimeZone(input.timeZone);
  if (timeZone === null) {
    problems.push("timeZone must be an IANA time zone name, for example America/New_York");
  }
  const granularity = (input.granularity ?? "day") as AnalyticsGranularity;
  if (!ANALYTICS_GRANULARITIES.includes(granularity)) {
    problems.push(`granularity must be one of the following values: ${ANALYTICS_GRANULARITIES.join(", ")}`);
  }
  const training = (input.training ?? "exclude") as AnalyticsTraining;
  if (!ANALYTICS_TRAINING.includes(training)) {
    problems.push(`training must be one of the following values: ${ANALYTICS_TRAINING.join(", ")}`);
  }
  if (from !== null && to !== null) {
    if (to < from) problems.push("to must not be before from");
    else if (to - from + 1 > MAX_ANALYTICS_DAYS) {
      problems.push(`the range from from to to must be at most ${MAX_ANALYTICS_DAYS} days (two years)`);
    }
  }
  if (problems.length > 0 || from === null || to === null || timeZone === null) return { ok: false, problems };

  const starts = periodStarts(from, to, granularity);
  const instants = new Map<number, number>();
  let previous: { day: number; start: number } | null = null;
  for (const day of [...starts, to + 1]) {
    // Guessed from the previous boundary at the same offset: checked, so exact across DST too.
    const guess = previous ? previous.start + (day - previous.day) * DAY_MS : undefined;
    const start = startOfLocalDay(day, timeZone, guess);
    if (start === null) {
      return {
        ok: false,
        problems: [`timeZone ${timeZone} has a day boundary off the quarter hour on ${calendarDate(day)}`],
      };
    }
    instants.set(day, start);
    previous = { day, start };
  }
  const periods: AnalyticsPeriod[] = starts.map((day, index) => {
    const next = starts[index + 1] ?? to + 1;
    return {
      start: calendarDate(day),
      end: calendarDate(next - 1),
      from: new Date(instants.get(day) as number),
      until: new Date(instants.get(next) as number),
    };
  });
  const seriesPieces: RollupPiece[] = [];
  periods.forEach((period, index) => {
    coverSeriesInto(period.from.getTime(), period.until.getTime(), index, seriesPieces);
  });
  const rangePieces: RollupPiece[] = [];
  coverInto(instants.get(from) as number, instants.get(to + 1) as number, 0, rangePieces);
  return {
    ok: true,
    value: {
      from: calendarDate(from),
      to: calendarDate(to),
      timeZone,
      granularity,
      training,
      periods,
      seriesPieces,
      rangePieces,
    },
  };
}

/**
 * Checks a provider's filters.
 *
 * @example
 * parseProviderFilter({ serviceType: "internet" }); // { ok: true, value: { serviceType: "internet" } }
 */
export function parseProviderFilter(input: ProviderAnalyticsInput): Parsed<ProviderAnalyticsFilter> {
  const problems: string[] = [];
  const value: ProviderAnalyticsFilter = {};
  const offerId = uuidParameter("offer", input.offer, problems);
  const brandId = uuidParameter("brand", input.brand, problems);
  const marketId = uuidParameter("market", input.market, problems);
  if (offerId) value.offerId = offerId;
  if (brandId) value.brandId = brandId;
  if (marketId) value.marketId = marketId;
  if (input.serviceType !== undefined) {
    if (SERVICE_TYPES.includes(input.serviceType as ServiceType)) value.serviceType = input.serviceType as ServiceType;
    else problems.push(`serviceType must be one of the following values: ${SERVICE_TYPES.join(", ")}`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/**
 * Checks a reseller's filters.
 *
 * @example
 * parseResellerFilter({ provider: "not-a-uuid" }); // { ok: false, problems: ["provider must be a UUID"] }
 */
export function parseResellerFilter(input: ResellerAnalyticsInput): Parsed<ResellerAnalyticsFilter> {
  const problems: string[] = [];
  const value: ResellerAnalyticsFilter = {};
  const storefrontId = uuidParameter("storefront", input.storefront, problems);
  const linkId = uuidParameter("link", input.link, problems);
  const providerTeamId = uuidParameter("provider", input.provider, problems);
  if (storefrontId) value.storefrontId = storefrontId;
  if (linkId) value.linkId = linkId;
  if (providerTeamId) value.providerTeamId = providerTeamId;
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}

/**
 * The end (exclusive) of the rollup bucket of `grain` that starts at `start` (UTC).
 *
 * @example
 * bucketEnd(3, Date.parse("2026-02-01T00:00Z")); // Date.parse("2026-03-01T00:00Z")
 */
export function bucketEnd(grain: RollupGrain, start: number): number {
  if (grain === 3) {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + (grain === 2 || grain > 3 ? DAY_MS : grain === 1 ? HOUR_MS : QUARTER_MS);
}

/**
 * Appends the buckets of one period of a series, the fewer of two exact covers of `[from, until)`:
 * whole days shifted by a {@link SHIFTED_DAY_OFFSETS} offset when both ends are midnights at that
 * offset (a Kathmandu day is one row, a week seven), else {@link coverInto}'s UTC-aligned cover (a
 * Kathmandu year is a dozen months and the edges, fewer rows than 365 shifted days). Shifted days
 * are kept for the series rollups only, not for the time-to-accept histogram (ADR-0078): the
 * range's own buckets stay UTC-aligned.
 *
 * @example
 * const pieces: RollupPiece[] = [];
 * coverSeriesInto(Date.parse("2026-06-09T18:15Z"), Date.parse("2026-06-10T18:15Z"), 0, pieces); // 1 shifted day
 */
export function coverSeriesInto(from: number, until: number, period: number, out: RollupPiece[]): void {
  const aligned: RollupPiece[] = [];
  coverInto(from, until, period, aligned);
  const shifted = SHIFTED_GRAINS.get(((from % DAY_MS) + DAY_MS) % DAY_MS);
  const days = (until - from) / DAY_MS;
  if (shifted !== undefined && Number.isInteger(days) && days <= aligned.length) {
    for (let at = from; at < until; at += DAY_MS) out.push({ grain: shifted, bucket: new Date(at), period });
  } else {
    out.push(...aligned);
  }
}

/**
 * Appends the fewest UTC-aligned buckets that exactly cover `[from, until)` (both on quarter
 * hours): months where a whole UTC calendar month fits, else days, else hours, else quarter hours.
 *
 * @example
 * const pieces: RollupPiece[] = [];
 * coverInto(Date.parse("2026-01-01T05:00Z"), Date.parse("2026-01-02T05:00Z"), 0, pieces); // 24 hours
 */
export function coverInto(from: number, until: number, period: number, out: RollupPiece[]): void {
  let at = from;
  while (at < until) {
    const grain: RollupGrain =
      at % DAY_MS === 0 && new Date(at).getUTCDate() === 1 && bucketEnd(3, at) <= until
        ? 3
        : at % DAY_MS === 0 && at + DAY_MS <= until
          ? 2
          : at % HOUR_MS === 0 && at + HOUR_MS <= until
            ? 1
            : 0;
    out.push({ grain, bucket: new Date(at), period });
    at = bucketEnd(grain, at);
  }
}

/** First day of each period from `from` to `to`, clipped to the range. */
function periodStarts(from: number, to: number, granularity: AnalyticsGranularity): number[] {
  const starts: number[] = [];
  let day = from;
  while (day <= to) {
    starts.push(day);
    if (granularity === "day") day += 1;
    else if (granularity === "week") {
      // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
      day += 7 - ((day + 3) % 7);
    } else {
      const date = new Date(day * DAY_MS);
      day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
    }
  }
  return starts;
}

function dateParameter(name: string, value: string | undefined, problems: string[]): number | null {
  if (value === undefined) {
    problems.push(`${name} is required: a calendar date YYYY-MM-DD`);
    return null;
  }
  const day = epochDay(value);
  if (day === null || day < 0 || day > LAST_DAY) {
    problems.push(`${name} must be a calendar date YYYY-MM-DD from 1970-01-01`);
    return null;
  }
  return day;
}

function uuidParameter(name: string, value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined) return undefined;
  if (!isUuidV4(value)) {
    problems.push(`${name} must be a UUID`);
    return undefined;
  }
  return value.toLowerCase();
}
