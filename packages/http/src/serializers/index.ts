/**
 * The API's response bodies, one module per feature (as the core is laid out): domain objects to
 * JSON, with ISO timestamps, decimal strings and `null` for what does not apply. Routes build their
 * bodies with these functions and nothing else, so a body's shape is written in one place.
 *
 * @module
 */

export { auditEntryJson } from "./audit-log.ts";
export { brandJson } from "./brands.ts";
export { catalogEntryJson } from "./catalog.ts";
export { consentRecordJson } from "./consents.ts";
export { customerJson, providerCustomerDetailJson, providerCustomerJson } from "./customers.ts";
export { eventJson } from "./events.ts";
export { marketAreaJson, marketJson } from "./markets.ts";
export { inviteJson, portalLinkJson, revokedPortalLinksJson } from "./members.ts";
export { offerJson } from "./offers.ts";
export { providerItemDetailJson, providerItemJson, resellerOrderJson } from "./orders.ts";
export { clickJson, linkJson, linkViewJson, publicOrderJson, storefrontJson } from "./storefront.ts";
export { apiKeyJson, createdTeamJson, issuedApiKeyJson, teamJson } from "./teams.ts";
export { deliveryJson, queuedJson, recoveryJson, webhookJson } from "./webhooks.ts";
