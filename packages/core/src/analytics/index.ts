/**
 * The analytics feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { acceptBin, acceptBinSeconds, histogramPercentile, LAST_ACCEPT_BIN, ratio } from "./analytics-figures.ts";
export {
  ANALYTICS_GRANULARITIES,
  ANALYTICS_TRAINING,
  type AnalyticsGranularity,
  type AnalyticsPeriod,
  type AnalyticsQueryInput,
  type AnalyticsTraining,
  type AnalyticsWindow,
  bucketEnd,
  coverInto,
  coverSeriesInto,
  MAX_ANALYTICS_DAYS,
  type ProviderAnalyticsFilter,
  type ProviderAnalyticsInput,
  parseAnalyticsWindow,
  parseProviderFilter,
  parseResellerFilter,
  type ResellerAnalyticsFilter,
  type ResellerAnalyticsInput,
  type RollupGrain,
  type RollupPiece,
  SHIFTED_DAY_OFFSETS,
  shiftedDayGrain,
} from "./analytics-query.ts";
export type {
  AnalyticsRepository,
  ChannelCounts,
  OfferCounts,
  ProviderCounts,
  ProviderRollups,
  ResellerCounts,
  ResellerRollups,
} from "./ports.ts";
export { calendarDate, canonicalTimeZone, epochDay, localDay, startOfLocalDay } from "./time-zones.ts";
export {
  ANALYTICS_EXCLUDED,
  ANALYTICS_EXCLUDED_IN_TRAINING,
  type AnalyticsHeader,
  type AnalyticsUseCases,
  analyticsUseCases,
  type ChannelConversion,
  type ProviderAnalytics,
  type ProviderFigures,
  type ResellerAnalytics,
  type ResellerFigures,
  TOP_OFFERS,
} from "./use-cases.ts";
