/**
 * The offers feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export type {
  BulkCsvFile,
  BulkCsvOptions,
  BulkCsvProgress,
  BulkCsvRow,
  BulkOfferUseCases,
  BulkRowResult,
  BulkRowStatus,
  BulkUpdateResult,
  BulkUpdateSummary,
  BulkUploadResult,
  BulkUploadSummary,
} from "./bulk-offer-types.ts";
export { bulkOfferUseCases } from "./bulk-offer-use-cases.ts";
export {
  BULK_CSV_LIMITS,
  type BulkCsvMode,
  type CsvRowError,
  csvHeaderProblems,
  OFFER_CSV_CELL_RULES,
  OFFER_CSV_COLUMNS,
  OFFER_CSV_EXAMPLE,
  OFFER_CSV_REQUIRED_COLUMNS,
  type OfferCsvColumn,
} from "./csv-rows.ts";
export { newOfferSchema, type OfferInputOptions, offerPatchSchema, parseNewOffer, parseOfferPatch } from "./input.ts";
export {
  blankOfferFields,
  EMPTY_ELECTRICITY,
  EMPTY_INTERNET,
  type NewOffer,
  type OfferPatch,
  signupUrlFor,
} from "./offer-fields.ts";
export {
  OFFER_SEARCH_MAX_LENGTH,
  type OfferListFilters,
  type OfferListFiltersResult,
  parseOfferListFilters,
} from "./offer-list-filters.ts";
export type { OfferRepository } from "./ports.ts";
export {
  checkPublishReadiness,
  PUBLISH_SECTIONS,
  type PublishReadiness,
  type PublishSection,
  problemsBySection,
} from "./publish-readiness.ts";
export {
  CONNECTION_TYPES,
  type ConnectionType,
  type ElectricityDetails,
  type InternetDetails,
  OFFER_STATUSES,
  type Offer,
  type OfferFields,
  type OfferStatus,
  type PartnerSignup,
  RATE_TYPES,
  type RateType,
  SERVICE_TYPES,
  type ServiceType,
} from "./types.ts";
export { type OfferUseCases, offerUseCases, validateNewOffer } from "./use-cases.ts";
