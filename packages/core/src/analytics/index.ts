/**
 * The analytics feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { acceptBin } from "./analytics-figures.ts";
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
  MAX_ANALYTICS_DAYS,
  type ProviderAnalyticsFilter,
  type ProviderAnalyticsInput,
  parseAnalyticsWindow,
  type ResellerAnalyticsFilter,
  type ResellerAnalyticsInput,
  type RollupGrain,
  type RollupPiece,
  SHIFTED_DAY_OFFSETS,
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
export { calendarDate, epochDay, localDay } from "./time-zones.ts";
export {
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
