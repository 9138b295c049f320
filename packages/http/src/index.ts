/**
 * @marketplace/http: the marketplace API as a Hono app factory: routing, zod request schemas,
 * authentication, the error envelope, and an OpenAPI 3.1 document generated from the same schemas.
 *
 * @module
 */

export { type AppOptions, createApp, DEFAULT_MAX_BODY_BYTES } from "./app.ts";
export { type ClientIpOptions, normalizeIp, resolveClientIp, UNKNOWN_CLIENT } from "./client-ip.ts";
export {
  CSV_FILE_FIELD,
  type CsvUpload,
  type CsvUploadLimits,
  type CsvUploadOptions,
  isCsvUploadType,
  readCsvUpload,
} from "./csv-upload.ts";
export type { ApiReferenceOptions, SwaggerUiFile } from "./docs-page.ts";
export type { DocumentedSettings } from "./documented-settings.ts";
export { type ErrorEnvelope, envelope, statusName } from "./errors.ts";
export type {
  AppEnv,
  AppVariables,
  HttpObserver,
  RequestObservation,
} from "./middleware/request-context.ts";
export {
  type ApiSecurityHeadersOptions,
  apiSecurityHeaders,
  type CspSources,
  cspNonce,
  DEFAULT_STRICT_TRANSPORT_SECURITY,
  isHttpsRequest,
  PAGE_CSP_DIRECTIVES,
  type PageCspDirective,
  type PageSecurityHeadersOptions,
  pageSecurityHeaders,
} from "./middleware/security-headers.ts";
export { multipartBoundary, multipartField } from "./multipart-field.ts";
export { csvLine, OFFER_CSV_TEMPLATE } from "./routes/provider-offers-bulk.ts";
export type { OptInRateLimits } from "./routes/public.ts";
export { installedFile, readFileUrl, type StaticFile, serveStaticFiles } from "./static-files.ts";
export { traceUseCases } from "./trace-use-cases.ts";
export { formatIssues } from "./validation.ts";
