/**
 * The webhooks feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { MAX_RECORDED_RESPONSE_BYTES } from "./delivery-records.ts";
export {
  newWebhookSchema,
  type ParsedNewWebhook,
  type ParsedRecover,
  type ParsedRotateSecret,
  type ParsedWebhookPatch,
  parseNewWebhook,
  parseRecover,
  parseRotateSecret,
  parseWebhookPatch,
  RECOVER_SCHEMA,
  ROTATE_SECRET_SCHEMA,
  type WebhookInputOptions,
  webhookPatchSchema,
} from "./input.ts";
export {
  contrastRatio,
  DEFAULT_PORTAL_LINK_TTL_SECONDS,
  grantedCapabilities,
  isPortalToken,
  NEW_PORTAL_LINK_SCHEMA,
  type NewPortalLink,
  PORTAL_CAPABILITIES,
  type PortalCapability,
  type PortalLink,
  type PortalLinkTheme,
  type PortalSession,
  parseNewPortalLink,
  parsePortalLinkTheme,
  portalToken,
} from "./portal-links.ts";
export type {
  DeliveryQueue,
  PortalLinkRepository,
  WebhookAttemptFeed,
  WebhookDeliveryRepository,
  WebhookLogRepository,
  WebhookRepository,
  WebhookTransport,
} from "./ports.ts";
export {
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RETRY_JITTER,
  maxDeliveryAttempts,
  nextRetryDelayMs,
  type RetrySchedule,
} from "./retry-schedule.ts";
export {
  type NewWebhook,
  type RotateSecretOptions,
  type TestSample,
  type WebhookPatch,
  type WebhookUseCaseOptions,
  type WebhookUseCases,
  webhookUseCases,
} from "./use-cases.ts";
export {
  type DeliveryAdmission,
  type DeliveryDependencies,
  type DeliveryGate,
  type DeliveryJob,
  type DeliveryRound,
  type DeliveryTarget,
  deliverEvent,
} from "./webhook-delivery.ts";
export {
  ATTEMPT_TRIGGER_NAMES,
  type AttemptFilter,
  type AttemptNotice,
  type AttemptQuery,
  type EndpointHealth,
  type OrderTimelineEvent,
  type ParsedAttemptQuery,
  parseAttemptQuery,
  type RecoveryProgress,
  successRate,
} from "./webhook-log.ts";
export {
  DEFAULT_DISABLE_FAILING_AFTER_MS,
  DELIVERY_LOG_LIMIT,
  DELIVERY_TIMEOUT_MS,
  type DeliverableEvent,
  type DeliverableEventType,
  type DeliveryTrigger,
  deliveryBody,
  generateWebhookSecret,
  isLoopbackHostname,
  maskWebhookSecret,
  type QueuedDelivery,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookDisabledReason,
  type WebhookRecovery,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookSignatureScheme,
  type WebhookUrlPolicy,
} from "./webhook-rules.ts";
