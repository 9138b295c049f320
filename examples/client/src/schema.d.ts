/**
 * Types of the marketplace API, generated from its OpenAPI document (GET /openapi.json).
 * Do not edit: run `pnpm --filter @marketplace/example-client generate` after changing the API.
 */

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service name, version and links to the documentation */
        get: operations["get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database reachability */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/bulk-upload/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the bulk CSV template: every column and an example row that uploads as it is */
        get: operations["getProviderOffersBulkUploadTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/bulk-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create draft offers from a CSV file (required columns: sku, name, serviceType; every SKU must be new)
         * @description Create draft offers from a CSV file (required columns: sku, name, serviceType; every SKU must be new). Valid rows are written 500 per transaction; invalid rows are reported and skipped. Row problems never change the status: 200 with one result per data row.
         */
        post: operations["postProviderOffersBulkUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/bulk-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update offers found by SKU from a CSV file (required column: sku; an active offer must stay publishable)
         * @description Update offers found by SKU from a CSV file (required column: sku; an active offer must stay publishable). Valid rows are written 500 per transaction; invalid rows are reported and skipped. Row problems never change the status: 200 with one result per data row.
         */
        post: operations["postProviderOffersBulkUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/bulk-upload/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a bulk-upload file: the same per-row results, nothing written
         * @description Checks every row exactly as POST /provider/offers/bulk-upload would and writes nothing. The body equals that call's, except: status valid instead of created, summary.created 0, and offerId null.
         */
        post: operations["postProviderOffersBulkUploadValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/bulk-update/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a bulk-update file: the same per-row results, nothing written
         * @description Checks every row exactly as POST /provider/offers/bulk-update would and writes nothing. The body equals that call's, except: status valid instead of updated, summary.updated 0.
         */
        post: operations["postProviderOffersBulkUpdateValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's offers, newest first
         * @description Filters combine with AND; an invalid value is a 400 naming the filter.
         */
        get: operations["getProviderOffers"];
        put?: never;
        /** Create an offer (draft) */
        post: operations["postProviderOffers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the team's offers */
        get: operations["getProviderOffersById"];
        put?: never;
        post?: never;
        /** Delete an offer (gone from every list and the catalog; orders keep their snapshots) */
        delete: operations["deleteProviderOffersById"];
        options?: never;
        head?: never;
        /** Update an offer: omitted fields stay, null clears; an active offer must stay publishable */
        patch: operations["patchProviderOffersById"];
        trace?: never;
    };
    "/provider/offers/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish an offer (re-validates an active one) */
        post: operations["postProviderOffersByIdPublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/offers/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Duplicate an offer as a new draft (name marked as a copy, no SKU, sample pricing removed) */
        post: operations["postProviderOffersByIdDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the team's webhooks, newest first (secrets masked) */
        get: operations["getProviderWebhooks"];
        put?: never;
        /**
         * Register a webhook (the response carries the full secret, once)
         * @description Receives item events for items on the team's offers, order.created for orders including one. A hybrid team's webhooks are the team's: the same under /provider and /reseller, each event delivered once.
         */
        post: operations["postProviderWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the team's webhooks (secret masked) */
        get: operations["getProviderWebhooksById"];
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery log */
        delete: operations["deleteProviderWebhooksById"];
        options?: never;
        head?: never;
        /** Change url, events or isActive (false pauses without deleting) */
        patch: operations["patchProviderWebhooksById"];
        trace?: never;
    };
    "/provider/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook's delivery log: every attempt, newest first
         * @description Without limit or cursor: the 50 newest attempts. With them: pages that walk further back.
         */
        get: operations["getProviderWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new secret; the old one keeps signing during the overlap (default 24 h)
         * @description During the overlap every delivery carries one v1 signature per valid secret, so receivers can switch at their pace. Rotating again ends the previous overlap at once.
         */
        post: operations["postProviderWebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this webhook alone
         * @description Queued at once; the attempt appears in the delivery log. Sent even while the webhook is paused; one attempt, not retried. `webhook.test` is not subscribable.
         */
        post: operations["postProviderWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send every event this webhook missed or failed since a time
         * @description Re-sends, to this webhook only, every event of its subscription created from `since` (inside the retention window, 30 days) to `until` (default now) whose latest attempt at it failed or which it never got (e.g. while paused): one attempt each, recorded with trigger `recovery`. 202 with the count; with `dryRun: true`, 200 with the count and nothing sent. One recovery per webhook at a time: 409 while one is in progress.
         */
        post: operations["postProviderWebhooksByIdRecover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the event of a recorded attempt to this webhook again
         * @description Queued at once; recorded as a new attempt (same envelope id). Sent even while the webhook is paused; one attempt, not retried.
         */
        post: operations["postProviderWebhooksByIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the team's webhooks, newest first (secrets masked) */
        get: operations["getResellerWebhooks"];
        put?: never;
        /**
         * Register a webhook (the response carries the full secret, once)
         * @description Receives events of orders the team placed. A hybrid team's webhooks are the team's: the same under /provider and /reseller, each event delivered once.
         */
        post: operations["postResellerWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the team's webhooks (secret masked) */
        get: operations["getResellerWebhooksById"];
        put?: never;
        post?: never;
        /** Delete a webhook and its delivery log */
        delete: operations["deleteResellerWebhooksById"];
        options?: never;
        head?: never;
        /** Change url, events or isActive (false pauses without deleting) */
        patch: operations["patchResellerWebhooksById"];
        trace?: never;
    };
    "/reseller/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook's delivery log: every attempt, newest first
         * @description Without limit or cursor: the 50 newest attempts. With them: pages that walk further back.
         */
        get: operations["getResellerWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new secret; the old one keeps signing during the overlap (default 24 h)
         * @description During the overlap every delivery carries one v1 signature per valid secret, so receivers can switch at their pace. Rotating again ends the previous overlap at once.
         */
        post: operations["postResellerWebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this webhook alone
         * @description Queued at once; the attempt appears in the delivery log. Sent even while the webhook is paused; one attempt, not retried. `webhook.test` is not subscribable.
         */
        post: operations["postResellerWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send every event this webhook missed or failed since a time
         * @description Re-sends, to this webhook only, every event of its subscription created from `since` (inside the retention window, 30 days) to `until` (default now) whose latest attempt at it failed or which it never got (e.g. while paused): one attempt each, recorded with trigger `recovery`. 202 with the count; with `dryRun: true`, 200 with the count and nothing sent. One recovery per webhook at a time: 409 while one is in progress.
         */
        post: operations["postResellerWebhooksByIdRecover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the event of a recorded attempt to this webhook again
         * @description Queued at once; recorded as a new attempt (same envelope id). Sent even while the webhook is paused; one attempt, not retried.
         */
        post: operations["postResellerWebhooksByIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's events, newest first
         * @description The events the team's webhooks receive, whether or not it has any (same audience rules; a hybrid team sees each event once, the same under /provider and /reseller), within the retention window (30 days), newest first. Use it to reconcile after downtime. Without limit or cursor: the 50 newest. With them: pages that walk further back.
         */
        get: operations["getProviderEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the team's events
         * @description 404 for an event the team's webhooks would not receive, or one past the retention window.
         */
        get: operations["getProviderEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's events, newest first
         * @description The events the team's webhooks receive, whether or not it has any (same audience rules; a hybrid team sees each event once, the same under /provider and /reseller), within the retention window (30 days), newest first. Use it to reconcile after downtime. Without limit or cursor: the 50 newest. With them: pages that walk further back.
         */
        get: operations["getResellerEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the team's events
         * @description 404 for an event the team's webhooks would not receive, or one past the retention window.
         */
        get: operations["getResellerEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the team's brands, newest first */
        get: operations["getProviderBrands"];
        put?: never;
        /** Create a brand */
        post: operations["postProviderBrands"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/brands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the team's brands */
        get: operations["getProviderBrandsById"];
        put?: never;
        post?: never;
        /** Delete a brand that no offer references */
        delete: operations["deleteProviderBrandsById"];
        options?: never;
        head?: never;
        /** Rename a brand or change its logo; every offer displaying it shows the change */
        patch: operations["patchProviderBrandsById"];
        trace?: never;
    };
    "/provider/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the team's markets with their areas, newest first */
        get: operations["getProviderMarkets"];
        put?: never;
        /** Create a market (with no areas; add them one by one) */
        post: operations["postProviderMarkets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/markets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the team's markets with its areas */
        get: operations["getProviderMarketsById"];
        put?: never;
        post?: never;
        /** Delete a market and its areas; refused while an offer links to it */
        delete: operations["deleteProviderMarketsById"];
        options?: never;
        head?: never;
        /** Rename a market */
        patch: operations["patchProviderMarketsById"];
        trace?: never;
    };
    "/provider/markets/{id}/areas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a geographic area to a market */
        post: operations["postProviderMarketsByIdAreas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/markets/{id}/areas/{areaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an area from a market */
        delete: operations["deleteProviderMarketsByIdAreasByAreaId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order items on the team's offers, newest first */
        get: operations["getProviderOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/orders/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One item with its order snapshot and the consents naming the team */
        get: operations["getProviderOrdersByItemId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/orders/{itemId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Accept, reject, schedule (with a date) or complete an item
         * @description pending or handoff → accepted or rejected; accepted → scheduled (scheduledDate required) or completed; scheduled → completed, or scheduled again with a new date. Anything else is 409.
         */
        patch: operations["patchProviderOrdersByItemIdStatus"];
        trace?: never;
    };
    "/provider/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers who ordered the team's offers (training orders create none) */
        get: operations["getProviderCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer with the items placed for the team's offers */
        get: operations["getProviderCustomersByCustomerId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's orders, newest first */
        get: operations["getResellerOrders"];
        put?: never;
        /**
         * Place an order (not idempotent unless an Idempotency-Key is sent)
         * @description Offers must be active and available at the service address's ZIP. Prices and offer data are snapshotted. A lead_gen offer becomes a handoff item with a partner signup link in `handoffs`. Beyond the spec (opt-in): with an `Idempotency-Key` header, a retry with the same key and body within 24 h returns the first response instead of placing another order; the same key with another body is 422.
         */
        post: operations["postResellerOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the team's orders */
        get: operations["getResellerOrdersById"];
        put?: never;
        post?: never;
        /**
         * Delete an order from the team's views (no event, no webhook)
         * @description Allowed for a training order, or when every item is final (rejected, completed or cancelled); otherwise 409 with the rule (cancel the order first). Afterwards every reseller read of the order answers 404 (detail, list, cancel, a second delete) and it is left out of analytics. No event is recorded and no webhook is sent. The providers' records are kept: their items, consents, consent ledger entries and delivery logs.
         */
        delete: operations["deleteResellerOrdersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Cancel every item that is not final; 409 when none can be cancelled */
        patch: operations["patchResellerOrdersByIdCancel"];
        trace?: never;
    };
    "/reseller/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's customers, newest first (training orders create none) */
        get: operations["getResellerCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/customers/{customerId}/consents/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The consent evidence bundle of a customer: records, revocations, chain links and a signed checkpoint
         * @description A self-contained JSON bundle of every consent record naming the team about the customer (by the customer record, its phone or its e-mail): the verbatim disclosure text and version, the capture context (time, IP address, user agent, storefront or link, offers, page URL) and the revocations, each with its position and hash in the team's hash chain, the links from the first of them to a checkpoint, and the checkpoint's Ed25519 signature. When the chain has entries after its latest checkpoint, the export signs a new one first, so a fresh record is covered. Verify it offline with verifyConsentEvidence of @marketplace/core/consent-evidence against GET /.well-known/consent-keys.json. Another team's customer is 404.
         *
         *     The bundle format is specified in `docs/consent-evidence-format.md` of the service's repository: RFC 8785 canonical JSON, the exact bytes hashed for each entry and chain link, the exact bytes the checkpoint's Ed25519 signature covers, and the checks in order, so anyone can verify a bundle without the service's code.
         */
        get: operations["getProviderCustomersByCustomerIdConsentsEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/customers/{customerId}/consent/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a STOP or do-not-call: revoke the customer's consents naming the team
         * @description Revokes every consent naming the team recorded for the customer (by the customer record, its phone or its e-mail; revokedVia provider_report), emits order.consent_revoked for each to the team, and flags the customer unsubscribed for this team only. No request body. Idempotent: a repeat revokes nothing more and keeps the first unsubscribedAt.
         */
        post: operations["postProviderCustomersByCustomerIdConsentRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/consent-keys.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that sign consent checkpoints (JWKS), retired ones included
         * @description Ed25519 keys (RFC 8037) named by their RFC 7638 thumbprint. A rotated key stays listed, so bundles it signed stay verifiable.
         */
        get: operations["getWellKnownConsentKeysJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/storefront": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's storefront (404 until it is created with PUT) */
        get: operations["getResellerStorefront"];
        /**
         * Create the team's storefront, or change its public slug
         * @description One storefront per team. Public shop requests name it by `storefrontSlug`; a changed slug stops working at once. 201 when created, 200 when changed (or unchanged); 409 when another storefront has the slug.
         */
        put: operations["putResellerStorefront"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's links, newest first */
        get: operations["getResellerLinks"];
        put?: never;
        /**
         * Create a shareable link to one or more active offers
         * @description The link gets a short public `slug`; consumers see its offers at GET /public/links/{slug} and order them with POST /public/links/{slug}/orders. An offer that is not active is 422.
         */
        post: operations["postResellerLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the team's links */
        get: operations["getResellerLinksById"];
        put?: never;
        post?: never;
        /** Delete a link: its page and orders answer 404 from now on; its slug is never reused */
        delete: operations["deleteResellerLinksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/links/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shareable link's page: its offers still active, and the disclosures to show */
        get: operations["getPublicLinksBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/links/{slug}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order through a shareable link (not rate limited)
         * @description Places an order for the reseller owning the storefront or link, exactly as POST /reseller/orders does (snapshots, handoffs, events; never a training order), and records each consent decision once per provider team of the order (order.consent_recorded to that provider only), in the same transaction. The disclosure text is rendered by the service from the version and the provider's name. Without a granted order_contact decision: 422 with code consent_required. Unknown slug: 404. Every item must be one of the link's offers (else 422). Not rate limited on this server (an operator may opt in to a per-client-IP limit, which then shows here).
         */
        post: operations["postPublicLinksBySlugOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/shop/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Checkout-mode order through a storefront (10 a minute per client IP)
         * @description Places an order for the reseller owning the storefront or link, exactly as POST /reseller/orders does (snapshots, handoffs, events; never a training order), and records each consent decision once per provider team of the order (order.consent_recorded to that provider only), in the same transaction. The disclosure text is rendered by the service from the version and the provider's name. Without a granted order_contact decision: 422 with code consent_required. Unknown slug: 404. Any active offer of the catalog may be ordered.
         */
        post: operations["postPublicShopOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/shop/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an outbound click on an offer and get the redirect URL (30 a minute per client IP)
         * @description Through a storefront (storefrontSlug) or a link (linkSlug, the offer must be one of its offers). A lead_gen offer answers its partner signup link; `contact.phone` goes into that URL and the lead only with a granted handoff_contact.v1 decision, otherwise it is dropped and the redirect still succeeds. Any other offer answers `redirectUrl: null`: the consumer checks out on the storefront (POST /public/shop/orders).
         */
        post: operations["postPublicShopClicks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/consent/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw consent for a phone number or e-mail address (not rate limited)
         * @description Revokes every consent recorded with the phone or e-mail (revokedVia web_form) and tells each provider concerned (order.consent_revoked). Always 200 with the same body, after the same work, whether or not the identifier was known; 400 only for a malformed identifier. Not rate limited on this server (an operator may opt in to a per-client-IP limit, which then shows here).
         */
        post: operations["postPublicConsentRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse the catalog: active offers of every provider, newest first
         * @description Filters combine with AND; an invalid value is a 400 naming the filter. The provider is shown by its brand when the offer has one (providerName), else by the team name.
         */
        get: operations["getResellerCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/catalog/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One offer of the catalog */
        get: operations["getResellerCatalogById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Items received, accepted, rejected, completed and cancelled; acceptance, time to accept, money
         * @description Figures come from rollups kept with every order write, never from a scan of the orders. Each item and order counts in the period (in `timeZone`) in which its order was placed, with its status now. **Excluded: training orders and orders deleted by their reseller**, as `excluded` says; `training=only` gives the training orders' own figures instead. 400 for an unknown parameter, a missing or malformed date, `to` before `from`, a range over 731 days, an unknown time zone, granularity or filter value. Filters (AND): offer, brand and market (as the offer has them now), serviceType. Commission is accrued on accepted items; the totals' timeToAccept covers the whole range.
         */
        get: operations["getProviderAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders placed, items by status, money, and conversion per storefront and link
         * @description Figures come from rollups kept with every order write, never from a scan of the orders. Each item and order counts in the period (in `timeZone`) in which its order was placed, with its status now. **Excluded: training orders and orders deleted by their reseller**, as `excluded` says; `training=only` gives the training orders' own figures instead. 400 for an unknown parameter, a missing or malformed date, `to` before `from`, a range over 731 days, an unknown time zone, granularity or filter value. Filters (AND): storefront, link, provider (team id). Clicks are the public outbound clicks; conversion is orders ÷ clicks per storefront and link.
         */
        get: operations["getResellerAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's audit log, newest first
         * @description Every security-relevant action of the team (sign-ins, failed sign-ins, invites, role changes, removals, API keys created, rolled or revoked, orders deleted), with actor, target, time, IP and user agent. The log is append-only. Without limit or cursor: the 100 newest entries; with them, pages that walk further back.
         */
        get: operations["getProviderAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reseller/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's audit log, newest first
         * @description Every security-relevant action of the team (sign-ins, failed sign-ins, invites, role changes, removals, API keys created, rolled or revoked, orders deleted), with actor, target, time, IP and user agent. The log is append-only. Without limit or cursor: the 100 newest entries; with them, pages that walk further back.
         */
        get: operations["getResellerAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List teams, newest first */
        get: operations["getAdminTeams"];
        put?: never;
        /** Create a team and its first API key (shown once) */
        post: operations["postAdminTeams"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a team */
        get: operations["getAdminTeamsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a team's API keys (prefixes only) */
        get: operations["getAdminTeamsByIdApiKeys"];
        put?: never;
        /** Issue another API key for a team (shown once) */
        post: operations["postAdminTeamsByIdApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key at once (idempotent) */
        delete: operations["deleteAdminTeamsByIdApiKeysByKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a person to a team's dashboard (e.g. its first owner)
         * @description Returns a single-use link to the dashboard, valid 3 days, where the person chooses a password and joins the team with the role. The link is shown in this response only.
         */
        post: operations["postAdminTeamsByIdInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/teams/{id}/portal-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a portal link: the webhooks portal for one team, embeddable, with chosen capabilities
         * @description Returns a single-use link that opens a session of the dashboard's webhooks pages for the team, limited to the capabilities (read-only: view only), until expiresAt. The session sees no other page; a request outside its capabilities is 403 and logged. The dashboard may be framed only by the origins of MARKETPLACE_PORTAL_FRAME_ANCESTORS.
         */
        post: operations["postAdminTeamsByIdPortalLinks"];
        /** End the team's portal links and sessions of a label */
        delete: operations["deleteAdminTeamsByIdPortalLinks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description A reseller placed an order: the order as a whole, with its items for every provider. Sent to every active webhook of the team that subscribes to order.created, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.item.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.item.created
         * @description An item of a new order is the provider's to fulfil: the item with its order's snapshot. Sent to every active webhook of the team that subscribes to order.item.created, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderItemCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.item.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.item.status_changed
         * @description An item moved to another status (from, to) and the order's status was recomputed; apply it only when its sequence is above the last one applied. Sent to every active webhook of the team that subscribes to order.item.status_changed, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderItemStatusChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.cancelled
         * @description The reseller cancelled the order. Sent to every active webhook of the team that subscribes to order.cancelled, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.consent_recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.consent_recorded
         * @description A customer's consent decision was recorded (declined ones included); providers only. Sent to every active webhook of the team that subscribes to order.consent_recorded, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderConsentRecorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.consent_revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.consent_revoked
         * @description A customer withdrew a consent; providers only. Sent to every active webhook of the team that subscribes to order.consent_revoked, signed (X-Service-Signature), retried over about 3 days until it answers 2xx.
         */
        post: operations["eventOrderConsentRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ServiceInfo: {
            /** @example marketplace-service */
            name: string;
            /** @example 0.1.0 */
            version: string;
            /** @example /docs */
            docs: string;
            /** @example /openapi.json */
            openapi: string;
        };
        ErrorEnvelope: {
            /** @example 400 */
            statusCode: number;
            /**
             * @example [
             *       "name must be a string"
             *     ]
             */
            message: string | string[];
            /** @example Bad Request */
            error: string;
            /** @description Stable sub-code where one applies (e.g. consent_required) */
            code?: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok";
            /** @enum {string} */
            database: "up";
        };
        BulkUploadResult: {
            summary: {
                /** @description Data rows read */
                rows: number;
                /** @description Rows without errors */
                valid: number;
                /** @description Rows with errors, skipped */
                invalid: number;
                /** @description Offers created; 0 when validating */
                created: number;
            };
            /** @description One result per data row, in file order */
            results: components["schemas"]["BulkRowResult"][];
        };
        BulkRowResult: {
            /**
             * @description 1-based data row (the header and blank rows are not counted)
             * @example 1
             */
            row: number;
            /**
             * @description 1-based line of the file where the row starts
             * @example 2
             */
            line: number;
            /**
             * @description created/updated: written; valid: would be written (validate endpoints); invalid: skipped
             * @enum {string}
             */
            status: "created" | "updated" | "valid" | "invalid";
            /**
             * Format: uuid
             * @description The offer written (on bulk-update validate: the offer that would be updated); else null
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string | null;
            errors: components["schemas"]["CsvRowError"][];
        };
        CsvRowError: {
            /** @description The CSV column at fault; null for the row as a whole */
            column: string | null;
            /** @example monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99" */
            message: string;
        };
        BulkUpdateResult: {
            summary: {
                /** @description Data rows read */
                rows: number;
                /** @description Rows without errors */
                valid: number;
                /** @description Rows with errors, skipped */
                invalid: number;
                /** @description Offers updated; 0 when validating */
                updated: number;
            };
            /** @description One result per data row, in file order */
            results: components["schemas"]["BulkRowResult"][];
        };
        Offer: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            sku: string | null;
            /** @enum {string} */
            status: "draft" | "active";
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            description: string | null;
            marketingHeadline: string | null;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            brandId: string | null;
            brand: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string;
                name: string;
                logoUrl: string | null;
            } | null;
            marketIds: string[];
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            monthlyPrice: string | null;
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            /** @description Contract length in months; null: no contract */
            contractTermMonths: number | null;
            /**
             * @description What a reseller earns per accepted item
             * @example 49.99
             */
            commission: string | null;
            partnerSignup: components["schemas"]["PartnerSignup"];
            submissionUrl: string | null;
            internet?: components["schemas"]["InternetDetails"];
            electricity?: components["schemas"]["ElectricityDetails"];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            publishedAt: string | null;
        };
        PartnerSignup: {
            /** @enum {string} */
            kind: "lead_gen";
            /**
             * @description https URL containing {orderItemId}, replaced by the order item's id
             * @example https://signup.example.com/start?ref={orderItemId}
             */
            signupUrlTemplate: string | null;
        } | null;
        /** @description Present only when serviceType is internet */
        InternetDetails: {
            downloadSpeedMbps: number | null;
            uploadSpeedMbps: number | null;
            /** @enum {string|null} */
            connectionType: "fiber" | "cable" | "dsl" | "fixed_wireless" | "satellite" | "5g_home" | null;
            /** @description Monthly data cap in GB; null: unlimited or not stated */
            dataCapGb: number | null;
        };
        /** @description Present only when serviceType is electricity */
        ElectricityDetails: {
            /**
             * @description USD per kWh, up to four decimals
             * @example 0.1425
             */
            ratePerKwh: string | null;
            /** @enum {string|null} */
            rateType: "fixed" | "variable" | null;
            renewablePercent: number | null;
            termMonths: number | null;
        };
        CreateOffer: {
            name: string;
            sku?: string | null;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            description?: string | null;
            marketingHeadline?: string | null;
            /** Format: uuid */
            brandId?: string | null;
            marketIds?: string[];
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            monthlyPrice?: string | null;
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            promoMonthlyPrice?: string | null;
            promoDurationMonths?: number | null;
            /** @description Contract length in months; null: no contract */
            contractTermMonths?: number | null;
            /**
             * @description What a reseller earns per accepted item
             * @example 49.99
             */
            commission?: string | null;
            partnerSignup?: {
                /** @enum {string} */
                kind: "lead_gen";
                /**
                 * @description https URL containing {orderItemId}, replaced by the order item's id
                 * @example https://signup.example.com/start?ref={orderItemId}
                 */
                signupUrlTemplate?: string | null;
            } | null;
            /**
             * Format: uri
             * @description https only
             * @example https://partner.example.com/orders
             */
            submissionUrl?: string | null;
            internet?: {
                downloadSpeedMbps?: number | null;
                uploadSpeedMbps?: number | null;
                /** @enum {string|null} */
                connectionType?: "fiber" | "cable" | "dsl" | "fixed_wireless" | "satellite" | "5g_home" | null;
                dataCapGb?: number | null;
            } | null;
            electricity?: {
                /**
                 * @description USD per kWh, up to four decimals
                 * @example 0.1425
                 */
                ratePerKwh?: string | null;
                /** @enum {string|null} */
                rateType?: "fixed" | "variable" | null;
                renewablePercent?: number | null;
                termMonths?: number | null;
            } | null;
        };
        OfferPage: {
            data: components["schemas"]["Offer"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        PublishValidationError: {
            /** @example Bad Request */
            error: string;
            /** @example Offer is not ready to publish */
            message: string;
            validationErrors: components["schemas"]["PublishProblem"][];
            /** @description The same problems keyed by editor section (general, pricing, internetDetails, electricityDetails, partnerSignup) */
            sections: {
                [key: string]: components["schemas"]["PublishProblem"][];
            };
        };
        PublishProblem: {
            section: string;
            field: string;
            message: string;
        };
        UpdateOffer: {
            name?: string;
            sku?: string | null;
            /** @enum {string} */
            serviceType?: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            description?: string | null;
            marketingHeadline?: string | null;
            /** Format: uuid */
            brandId?: string | null;
            marketIds?: string[];
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            monthlyPrice?: string | null;
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            promoMonthlyPrice?: string | null;
            promoDurationMonths?: number | null;
            /** @description Contract length in months; null: no contract */
            contractTermMonths?: number | null;
            /**
             * @description What a reseller earns per accepted item
             * @example 49.99
             */
            commission?: string | null;
            partnerSignup?: {
                /** @enum {string} */
                kind: "lead_gen";
                /**
                 * @description https URL containing {orderItemId}, replaced by the order item's id
                 * @example https://signup.example.com/start?ref={orderItemId}
                 */
                signupUrlTemplate?: string | null;
            } | null;
            /**
             * Format: uri
             * @description https only
             * @example https://partner.example.com/orders
             */
            submissionUrl?: string | null;
            internet?: {
                downloadSpeedMbps?: number | null;
                uploadSpeedMbps?: number | null;
                /** @enum {string|null} */
                connectionType?: "fiber" | "cable" | "dsl" | "fixed_wireless" | "satellite" | "5g_home" | null;
                dataCapGb?: number | null;
            } | null;
            electricity?: {
                /**
                 * @description USD per kWh, up to four decimals
                 * @example 0.1425
                 */
                ratePerKwh?: string | null;
                /** @enum {string|null} */
                rateType?: "fixed" | "variable" | null;
                renewablePercent?: number | null;
                termMonths?: number | null;
            } | null;
        };
        EmptyBody: Record<string, never>;
        WebhookWithSecret: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** Format: uri */
            url: string;
            events: ("order.created" | "order.item.created" | "order.item.status_changed" | "order.cancelled" | "order.consent_recorded" | "order.consent_revoked")[];
            /** @description false: paused, receives nothing */
            isActive: boolean;
            /**
             * @description `service`: deliveries carry X-Service-Signature. `standard`: also the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature).
             * @example service
             * @enum {string}
             */
            signatureScheme: "service" | "standard";
            /**
             * Format: date-time
             * @description Until then the secret replaced by the last rotation still signs deliveries (one v1 each)
             * @example 2026-01-31T12:00:00.000Z
             */
            previousSecretExpiresAt: string | null;
            /**
             * @description Why the service disabled the webhook (isActive false): `gone` when its endpoint answered 410, `failing` when every attempt failed for 5 days. null while enabled or paused by the team; PATCH isActive true clears it.
             * @enum {string|null}
             */
            disabledReason: "gone" | "failing" | null;
            /**
             * Format: date-time
             * @description When the service disabled the webhook; null otherwise
             * @example 2026-01-31T12:00:00.000Z
             */
            disabledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            /**
             * @description The full signing secret: shown in this response only, masked afterwards
             * @example whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ
             */
            secret: string;
        };
        CreateWebhook: {
            /**
             * Format: uri
             * @description https only
             * @example https://example.com/hooks/marketplace
             */
            url: string;
            /** @description Event types to subscribe to. Providers and hybrid teams: order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked. Resellers: order.created, order.item.created, order.item.status_changed, order.cancelled (consent events are provider-only). `webhook.test` is not subscribable: only POST …/test sends it. */
            events: ("order.created" | "order.item.created" | "order.item.status_changed" | "order.cancelled" | "order.consent_recorded" | "order.consent_revoked")[];
            /** @description Default true */
            isActive?: boolean;
            /**
             * @description How deliveries are signed; fixed at registration. `service` (default): the X-Service-Signature header. `standard`: the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) in addition, and a secret in standard base64 that Standard Webhooks libraries take as is.
             * @example standard
             * @enum {string}
             */
            signatureScheme?: "service" | "standard";
        };
        Webhook: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** Format: uri */
            url: string;
            events: ("order.created" | "order.item.created" | "order.item.status_changed" | "order.cancelled" | "order.consent_recorded" | "order.consent_revoked")[];
            /** @description false: paused, receives nothing */
            isActive: boolean;
            /**
             * @description `service`: deliveries carry X-Service-Signature. `standard`: also the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature).
             * @example service
             * @enum {string}
             */
            signatureScheme: "service" | "standard";
            /**
             * Format: date-time
             * @description Until then the secret replaced by the last rotation still signs deliveries (one v1 each)
             * @example 2026-01-31T12:00:00.000Z
             */
            previousSecretExpiresAt: string | null;
            /**
             * @description Why the service disabled the webhook (isActive false): `gone` when its endpoint answered 410, `failing` when every attempt failed for 5 days. null while enabled or paused by the team; PATCH isActive true clears it.
             * @enum {string|null}
             */
            disabledReason: "gone" | "failing" | null;
            /**
             * Format: date-time
             * @description When the service disabled the webhook; null otherwise
             * @example 2026-01-31T12:00:00.000Z
             */
            disabledAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            /**
             * @description Masked: prefix and last 4 characters
             * @example whsec_••••abcd
             */
            secret: string;
        };
        WebhookPage: {
            data: components["schemas"]["Webhook"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        UpdateWebhook: {
            /**
             * Format: uri
             * @description https only
             * @example https://example.com/hooks/marketplace
             */
            url?: string;
            /** @description Event types to subscribe to. Providers and hybrid teams: order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked. Resellers: order.created, order.item.created, order.item.status_changed, order.cancelled (consent events are provider-only). `webhook.test` is not subscribable: only POST …/test sends it. */
            events?: ("order.created" | "order.item.created" | "order.item.status_changed" | "order.cancelled" | "order.consent_recorded" | "order.consent_revoked")[];
            /** @description false pauses the webhook without deleting it; true also re-enables one the service disabled */
            isActive?: boolean;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            webhookId: string;
            /**
             * Format: uuid
             * @description The envelope id: the same on every attempt of the event
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            eventId: string;
            eventType: string;
            /** @description 1 for the first attempt of the event at this webhook */
            attempt: number;
            /** @enum {string} */
            trigger: "event" | "test" | "redelivery" | "recovery";
            url: string;
            /** @description null when no response arrived */
            statusCode: number | null;
            /** @description A 2xx within 10 seconds */
            success: boolean;
            /** @description The response body (first 4 KiB), or the error text when no response arrived */
            responseBody: string;
            durationMs: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        WebhookDeliveryPage: {
            data: components["schemas"]["WebhookDelivery"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        RotateWebhookSecret: {
            /** @description How long the replaced secret keeps signing (0 to 604800); default 86400 (24 h) */
            overlapSeconds?: number;
        };
        QueuedWebhookDelivery: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            webhookId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            eventId: string;
            eventType: string;
            /** @enum {string} */
            trigger: "test" | "redelivery";
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            queuedAt: string;
        };
        WebhookRecovery: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            webhookId: string;
            /** @description Events re-sent (queued), or that would be with dryRun */
            count: number;
            dryRun: boolean;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            since: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            until: string;
        };
        RecoverWebhook: {
            /**
             * Format: date-time
             * @description Re-send the events created at or after this instant (inside the retention window)
             * @example 2026-01-31T12:00:00.000Z
             */
            since: string;
            /**
             * Format: date-time
             * @description …and at or before this one; default now
             * @example 2026-01-31T12:00:00.000Z
             */
            until?: string;
            /** @description true: only count the events, send nothing */
            dryRun?: boolean;
        };
        Event: {
            /**
             * Format: uuid
             * @description The envelope id: receivers deduplicate on it
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            type: "order.created" | "order.item.created" | "order.item.status_changed" | "order.cancelled" | "order.consent_recorded" | "order.consent_revoked";
            version: number;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /** @description Exactly the delivered payload. Events about an order carry `sequence`, strictly increasing per order: apply a status change only when its sequence is above the last one applied. */
            data: {
                [key: string]: unknown;
            };
        };
        EventPage: {
            data: components["schemas"]["Event"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        Brand: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            /** @example https://cdn.example.com/acme.png */
            logoUrl: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        CreateBrand: {
            /**
             * @description 1 to 200 characters, trimmed; unique within the team, whatever the case
             * @example Acme Fiber
             */
            name: string;
            /**
             * Format: uri
             * @description https URL of the logo, at most 2048 characters
             * @example https://cdn.example.com/acme.png
             */
            logoUrl?: string | null;
        };
        BrandPage: {
            data: components["schemas"]["Brand"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @description Only the fields to change; logoUrl null removes the logo; {} changes nothing */
        UpdateBrand: {
            /**
             * @description 1 to 200 characters, trimmed; unique within the team, whatever the case
             * @example Acme Fiber
             */
            name?: string;
            /**
             * Format: uri
             * @description https URL of the logo, at most 2048 characters
             * @example https://cdn.example.com/acme.png
             */
            logoUrl?: string | null;
        };
        Market: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            /** @description Every area of the market, ordered by value */
            areas: components["schemas"]["MarketArea"][];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Moves on a rename and when an area is added or removed
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        MarketArea: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            kind: "zip";
            /**
             * @description For kind zip: a 5-digit US ZIP code
             * @example 78701
             */
            value: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        CreateMarket: {
            /**
             * @description 1 to 200 characters, trimmed; unique within the team, whatever the case
             * @example Austin metro
             */
            name: string;
        };
        MarketPage: {
            data: components["schemas"]["Market"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @description Only the fields to change; {} changes nothing */
        UpdateMarket: {
            /**
             * @description 1 to 200 characters, trimmed; unique within the team, whatever the case
             * @example Austin metro
             */
            name?: string;
        };
        CreateMarketArea: {
            /**
             * @description Defaults to zip
             * @enum {string}
             */
            kind?: "zip";
            /**
             * @description For kind zip: a 5-digit US ZIP code
             * @example 78701
             */
            value: string;
        };
        ProviderOrderItem: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            orderId: string;
            /** @enum {string} */
            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
            isTraining: boolean;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            offerName: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            providerName: string;
            /** @example 49.99 */
            monthlyPrice: string | null;
            /** @example 49.99 */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            contractTermMonths: number | null;
            /** Format: date */
            scheduledDate: string | null;
            rejectionReason: string | null;
            metadata: {
                /** @description Partner signup link of a lead_gen item */
                handoff: {
                    redirectUrl: string;
                } | null;
            };
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            order: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string;
                /** @enum {string} */
                status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
                isTraining: boolean;
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                resellerTeamId: string;
                customer: {
                    /**
                     * Format: uuid
                     * @description null for training orders, which create no customer
                     * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                     */
                    id: string | null;
                    name: string;
                    email: string;
                    phone: string;
                    /** @enum {string} */
                    kind: "residential" | "business";
                };
                serviceAddress: components["schemas"]["ServiceAddress"];
                moveInDate: string | null;
                installationDate: string | null;
                /**
                 * Format: date-time
                 * @example 2026-01-31T12:00:00.000Z
                 */
                createdAt: string;
            };
        };
        ServiceAddress: {
            line1: string;
            line2: string | null;
            city: string;
            /** @example TX */
            state: string;
            /** @example 78701 */
            zipCode: string;
        };
        ProviderOrderItemPage: {
            data: components["schemas"]["ProviderOrderItem"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ProviderOrderItemDetail: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            orderId: string;
            /** @enum {string} */
            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
            isTraining: boolean;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            offerName: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            providerName: string;
            /** @example 49.99 */
            monthlyPrice: string | null;
            /** @example 49.99 */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            contractTermMonths: number | null;
            /** Format: date */
            scheduledDate: string | null;
            rejectionReason: string | null;
            metadata: {
                /** @description Partner signup link of a lead_gen item */
                handoff: {
                    redirectUrl: string;
                } | null;
            };
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            order: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string;
                /** @enum {string} */
                status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
                isTraining: boolean;
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                resellerTeamId: string;
                customer: {
                    /**
                     * Format: uuid
                     * @description null for training orders, which create no customer
                     * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                     */
                    id: string | null;
                    name: string;
                    email: string;
                    phone: string;
                    /** @enum {string} */
                    kind: "residential" | "business";
                };
                serviceAddress: components["schemas"]["ServiceAddress"];
                moveInDate: string | null;
                installationDate: string | null;
                /**
                 * Format: date-time
                 * @example 2026-01-31T12:00:00.000Z
                 */
                createdAt: string;
                /** @description Consent records naming the provider team, in the order recorded */
                consents: components["schemas"]["ConsentRecord"][];
            };
        };
        ConsentRecord: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            kind: "order_contact" | "marketing_calls_texts";
            granted: boolean;
            /** @enum {string} */
            disclosureVersion: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
            /** @description The verbatim text shown, rendered with the provider's name */
            disclosureText: string;
            /**
             * @description E.164
             * @example +15125550123
             */
            phone: string;
            email: string | null;
            /** @description The client IP of the request that recorded the decision */
            ipAddress: string;
            userAgent: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            recordedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            revokedAt: string | null;
            /** @enum {string|null} */
            revokedVia: "web_form" | "provider_report" | null;
        };
        UpdateOrderItemStatus: {
            /** @enum {string} */
            status: "accepted" | "rejected" | "scheduled" | "completed";
            /**
             * Format: date
             * @description Required when status is scheduled
             * @example 2026-12-01
             */
            scheduledDate?: string;
            /** @description Why the item is rejected */
            reason?: string;
        };
        ProviderCustomer: components["schemas"]["Customer"] & {
            /** @description True once the team reported a STOP or do-not-call for this customer (for this team only) */
            unsubscribed: boolean;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            unsubscribedAt: string | null;
        };
        Customer: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            email: string;
            phone: string;
            /** @enum {string} */
            kind: "residential" | "business";
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        ProviderCustomerPage: {
            data: components["schemas"]["ProviderCustomer"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ProviderCustomerDetail: components["schemas"]["ProviderCustomer"] & {
            items: components["schemas"]["ProviderOrderItem"][];
        };
        ResellerOrder: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
            isTraining: boolean;
            /**
             * @description Sum of monthly prices, handoff items excluded
             * @example 49.99
             */
            totalMonthly: string;
            customer: {
                /**
                 * Format: uuid
                 * @description null for training orders, which create no customer
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string | null;
                name: string;
                email: string;
                phone: string;
                /** @enum {string} */
                kind: "residential" | "business";
            };
            serviceAddress: components["schemas"]["ServiceAddress"];
            /** Format: date */
            moveInDate: string | null;
            /** Format: date */
            installationDate: string | null;
            items: components["schemas"]["ResellerOrderItem"][];
            handoffs: components["schemas"]["Handoff"][];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        ResellerOrderItem: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            orderId: string;
            /** @enum {string} */
            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
            isTraining: boolean;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            offerName: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            providerName: string;
            /** @example 49.99 */
            monthlyPrice: string | null;
            /** @example 49.99 */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            contractTermMonths: number | null;
            /** Format: date */
            scheduledDate: string | null;
            rejectionReason: string | null;
            metadata: {
                /** @description Partner signup link of a lead_gen item */
                handoff: {
                    redirectUrl: string;
                } | null;
            };
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            providerTeamId: string;
            commission: components["schemas"]["Commission"];
        };
        Commission: {
            /** @example 49.99 */
            amount: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            accruedAt: string;
        } | null;
        Handoff: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            orderItemId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            offerName: string;
            providerName: string;
            redirectUrl: string;
        };
        PlaceOrder: {
            items: {
                /** Format: uuid */
                offerId: string;
            }[];
            customer: {
                name: string;
                /** Format: email */
                email: string;
                /** @example +15125550123 */
                phone: string;
                /** @enum {string} */
                kind: "residential" | "business";
            };
            serviceAddress: {
                line1: string;
                line2?: string | null;
                city: string;
                /**
                 * @example TX
                 * @enum {string}
                 */
                state: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "GU" | "VI" | "AS" | "MP";
                /** @example 78701 */
                zipCode: string;
            };
            /**
             * Format: date
             * @example 2026-12-01
             */
            moveInDate?: string | null;
            /**
             * Format: date
             * @example 2026-12-01
             */
            installationDate?: string | null;
            /** @description Training orders flow through the lifecycle but never accrue commission or create customers */
            isTraining?: boolean;
        };
        ResellerOrderPage: {
            data: components["schemas"]["ResellerOrder"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        CustomerPage: {
            data: components["schemas"]["Customer"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        /** @description Consent evidence bundle, format marketplace.consent-evidence.v1, specified in docs/consent-evidence-format.md of the service's repository: which bytes each entry and link hashes, which bytes the checkpoint signature covers, and the checks a verifier makes, enough to write an independent verifier. */
        ConsentEvidence: {
            /** @enum {string} */
            format: "marketplace.consent-evidence.v1";
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            generatedAt: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            providerTeamId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            customerId: string;
            /** @description What the disclosure text is */
            statement: string;
            /** @description In chain order */
            records: components["schemas"]["EvidenceRecord"][];
            /** @description The chain links from the first record to the checkpoint */
            chain: {
                /** @description Position in the provider team's chain (1, 2, …) */
                fromSeq: number;
                /**
                 * @description SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: docs/consent-evidence-format.md)
                 * @example 9f86d081884c7d65…
                 */
                prevHash: string;
                /** @description Every link from fromSeq to the checkpoint; other consumers' entries show only their digest */
                links: {
                    /** @description Position in the provider team's chain (1, 2, …) */
                    seq: number;
                    /**
                     * Format: uuid
                     * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                     */
                    consentId: string;
                    /**
                     * @description SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: docs/consent-evidence-format.md)
                     * @example 9f86d081884c7d65…
                     */
                    digest: string;
                }[];
            };
            /** @description The signed chain head the links lead to; null only when there are no records */
            checkpoint: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                providerTeamId: string;
                /** @description Position in the provider team's chain (1, 2, …) */
                seq: number;
                /**
                 * @description SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: docs/consent-evidence-format.md)
                 * @example 9f86d081884c7d65…
                 */
                hash: string;
                /**
                 * Format: date-time
                 * @example 2026-01-31T12:00:00.000Z
                 */
                signedAt: string;
                keyId: string;
                /** @description Ed25519 (base64url, no padding) of the UTF-8 bytes of the canonical checkpoint message (docs/consent-evidence-format.md, section 5) */
                signature: string;
            } | null;
            keys: components["schemas"]["ConsentKeySet"];
        };
        EvidenceRecord: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            consentId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            providerTeamId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            resellerTeamId: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            orderId: string | null;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            clickId: string | null;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            customerId: string | null;
            /** @enum {string} */
            kind: "order_contact" | "marketing_calls_texts";
            granted: boolean;
            /** @enum {string} */
            disclosureVersion: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
            /** @description The wording the service rendered server-side from disclosureVersion and the provider's name */
            disclosureText: string;
            phone: string;
            email: string | null;
            ipAddress: string;
            userAgent: string | null;
            isTraining: boolean;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            recordedAt: string;
            /**
             * Format: uuid
             * @description The storefront the decision came through, or null
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            storefrontId: string | null;
            /**
             * Format: uuid
             * @description The shareable link the decision came through, or null
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            linkId: string | null;
            /** @description The team's offers of the order, or the clicked offer */
            offerIds: string[];
            /** @description The page URL the client sent, or null */
            pageUrl: string | null;
            /** @description Position in the provider team's chain (1, 2, …) */
            seq: number;
            /**
             * @description SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: docs/consent-evidence-format.md)
             * @example 9f86d081884c7d65…
             */
            hash: string;
            revocations: components["schemas"]["EvidenceRevocation"][];
        };
        EvidenceRevocation: {
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            revokedAt: string;
            /** @enum {string} */
            revokedVia: "web_form" | "provider_report";
            /** @description Position in the provider team's chain (1, 2, …) */
            seq: number;
            /**
             * @description SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: docs/consent-evidence-format.md)
             * @example 9f86d081884c7d65…
             */
            hash: string;
        };
        ConsentKeySet: {
            /** @description Every key that ever signed a checkpoint, retired ones included, oldest first */
            keys: components["schemas"]["ConsentPublicKey"][];
        };
        ConsentPublicKey: {
            /** @enum {string} */
            kty: "OKP";
            /** @enum {string} */
            crv: "Ed25519";
            /** @description The public key, base64url */
            x: string;
            /** @description RFC 7638 thumbprint of the key */
            kid: string;
            /** @enum {string} */
            alg: "EdDSA";
            /** @enum {string} */
            use: "sig";
        };
        Storefront: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @description Named as storefrontSlug in public shop requests */
            slug: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        PutStorefront: {
            /** @example austin-fiber-deals */
            slug: string;
        };
        Link: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * @description Short public token (10 characters, not a UUID): the page is /public/links/{slug}
             * @example k3v9q0x7mz
             */
            slug: string;
            name: string | null;
            offerIds: string[];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        CreateLink: {
            /** @description Active offers, shown and orderable in this order; no repeats */
            offerIds: string[];
            /** @description Your own label, never shown to consumers */
            name?: string | null;
        };
        LinkPage: {
            data: components["schemas"]["Link"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        LinkView: {
            slug: string;
            /** @description The link's offers still active, in its order */
            offers: components["schemas"]["PublicOffer"][];
            /** @description Every disclosure version rendered for every provider shown, to display before the decision */
            disclosures: components["schemas"]["RenderedDisclosure"][];
        };
        PublicOffer: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            description: string | null;
            marketingHeadline: string | null;
            /**
             * @description The brand's name when the offer has a brand, else the provider team's name
             * @example Acme Fiber
             */
            providerName: string;
            brand: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string;
                name: string;
                logoUrl: string | null;
            } | null;
            /**
             * @description Set on every active offer
             * @example 49.99
             */
            monthlyPrice: string | null;
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            /** @description Contract length in months; null: no contract */
            contractTermMonths: number | null;
            /** @description lead_gen: an order becomes a handoff to the provider's signup page; null: a normal offer */
            partnerSignup: {
                /** @enum {string} */
                kind: "lead_gen";
            } | null;
            internet?: components["schemas"]["InternetDetails"];
            electricity?: components["schemas"]["ElectricityDetails"];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            publishedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        RenderedDisclosure: {
            providerName: string;
            /** @enum {string} */
            version: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
            /** @enum {string} */
            kind: "order_contact" | "marketing_calls_texts";
            /** @description The exact text recorded when a decision on this version is sent */
            text: string;
        };
        PublicOrder: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
            /**
             * @description Sum of monthly prices, handoff items excluded
             * @example 49.99
             */
            totalMonthly: string;
            customer: {
                name: string;
                email: string;
                phone: string;
                /** @enum {string} */
                kind: "residential" | "business";
            };
            serviceAddress: components["schemas"]["ServiceAddress"];
            /** Format: date */
            moveInDate: string | null;
            /** Format: date */
            installationDate: string | null;
            items: components["schemas"]["PublicOrderItem"][];
            handoffs: components["schemas"]["Handoff"][];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        PublicOrderItem: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @enum {string} */
            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            offerName: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            providerName: string;
            /** @example 49.99 */
            monthlyPrice: string | null;
            /** @example 49.99 */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            contractTermMonths: number | null;
            metadata: {
                /** @description Partner signup link of a lead_gen item */
                handoff: {
                    redirectUrl: string;
                } | null;
            };
        };
        PublicLinkOrder: {
            items: {
                /** Format: uuid */
                offerId: string;
            }[];
            customer: {
                name: string;
                /** Format: email */
                email: string;
                /** @example +15125550123 */
                phone: string;
                /** @enum {string} */
                kind: "residential" | "business";
            };
            serviceAddress: {
                line1: string;
                line2?: string | null;
                city: string;
                /**
                 * @example TX
                 * @enum {string}
                 */
                state: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "GU" | "VI" | "AS" | "MP";
                /** @example 78701 */
                zipCode: string;
            };
            /**
             * Format: date
             * @example 2026-12-01
             */
            moveInDate?: string | null;
            /**
             * Format: date
             * @example 2026-12-01
             */
            installationDate?: string | null;
            /** @description The consumer's decisions. Without a granted order_contact decision (an absent array included) the order is refused with 422 and code consent_required. Each decision is recorded once per provider team of the order. */
            consents?: components["schemas"]["ConsentDecision"][];
            /**
             * Format: uri
             * @description The page the consumer ordered on (https, at most 2,048 characters); recorded with the consent decisions as capture context and shown in the consent evidence bundle
             * @example https://shop.example.com/internet?utm_source=mail
             */
            pageUrl?: string;
        };
        ConsentDecision: {
            /** @enum {string} */
            kind: "order_contact" | "marketing_calls_texts";
            granted: boolean;
            /**
             * @description order_contact.v1 and handoff_contact.v1 are of kind order_contact, marketing_calls_texts.v1 of kind marketing_calls_texts; another pairing is a 400. The text is rendered by the service, never sent.
             * @enum {string}
             */
            disclosureVersion: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
        };
        PublicShopOrder: {
            items: {
                /** Format: uuid */
                offerId: string;
            }[];
            customer: {
                name: string;
                /** Format: email */
                email: string;
                /** @example +15125550123 */
                phone: string;
                /** @enum {string} */
                kind: "residential" | "business";
            };
            serviceAddress: {
                line1: string;
                line2?: string | null;
                city: string;
                /**
                 * @example TX
                 * @enum {string}
                 */
                state: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "GU" | "VI" | "AS" | "MP";
                /** @example 78701 */
                zipCode: string;
            };
            /**
             * Format: date
             * @example 2026-12-01
             */
            moveInDate?: string | null;
            /**
             * Format: date
             * @example 2026-12-01
             */
            installationDate?: string | null;
            /** @description The reseller's storefront slug */
            storefrontSlug: string;
            /** @description The consumer's decisions. Without a granted order_contact decision (an absent array included) the order is refused with 422 and code consent_required. Each decision is recorded once per provider team of the order. */
            consents?: components["schemas"]["ConsentDecision"][];
            /**
             * Format: uri
             * @description The page the consumer ordered on (https, at most 2,048 characters); recorded with the consent decisions as capture context and shown in the consent evidence bundle
             * @example https://shop.example.com/internet?utm_source=mail
             */
            pageUrl?: string;
        };
        OutboundClickResult: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            offerId: string;
            /** @description lead_gen offers: the partner signup link (the {orderItemId} placeholder holds the click id; phone=<E.164> added only with a granted handoff_contact.v1). Other offers: null, the consumer stays to check out here. */
            redirectUrl: string | null;
            /** @description True when the phone went into the redirect URL and the lead */
            phoneShared: boolean;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        OutboundClick: {
            /** @description The storefront the click comes from; or linkSlug */
            storefrontSlug?: string;
            /** @description The shareable link the click comes from (exactly one of the two) */
            linkSlug?: string;
            /** Format: uuid */
            offerId: string;
            /** @description Optional. A granted handoff_contact.v1 decision lets contact.phone go to the partner; the decisions are then recorded for the offer's provider (order.consent_recorded). Without it the phone is dropped and nothing is recorded. */
            consents?: components["schemas"]["ConsentDecision"][];
            contact?: {
                /**
                 * @description E.164
                 * @example +15125550123
                 */
                phone?: string;
            };
        };
        RevokeConsentResult: {
            message: string;
        };
        RevokeConsent: {
            /**
             * @description E.164
             * @example +15125550123
             */
            phone?: string;
            /** Format: email */
            email?: string;
        };
        CatalogEntry: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            /** @enum {string} */
            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            description: string | null;
            marketingHeadline: string | null;
            /**
             * @description The brand's name when the offer has a brand, else the provider team's name
             * @example Acme Fiber
             */
            providerName: string;
            brand: {
                /**
                 * Format: uuid
                 * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
                 */
                id: string;
                name: string;
                logoUrl: string | null;
            } | null;
            /**
             * @description Set on every active offer
             * @example 49.99
             */
            monthlyPrice: string | null;
            /**
             * @description Decimal string, USD per month
             * @example 49.99
             */
            promoMonthlyPrice: string | null;
            promoDurationMonths: number | null;
            /** @description Contract length in months; null: no contract */
            contractTermMonths: number | null;
            /**
             * @description What a reseller earns per accepted item
             * @example 49.99
             */
            commission: string | null;
            /** @description lead_gen: an order becomes a handoff to the provider's signup page; null: a normal offer */
            partnerSignup: {
                /** @enum {string} */
                kind: "lead_gen";
            } | null;
            internet?: components["schemas"]["InternetDetails"];
            electricity?: components["schemas"]["ElectricityDetails"];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            publishedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        CatalogEntryPage: {
            data: components["schemas"]["CatalogEntry"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ProviderAnalytics: {
            /** @example 2026-03-01 */
            from: string;
            /** @example 2026-03-01 */
            to: string;
            /** @example America/New_York */
            timeZone: string;
            /** @enum {string} */
            granularity: "day" | "week" | "month";
            /**
             * @description Which orders are counted (see the parameter)
             * @enum {string}
             */
            training: "exclude" | "only";
            /**
             * @description What is not counted: training orders and orders deleted by their reseller; in the training view live orders, deleted orders and clicks
             * @example [
             *       "trainingOrders",
             *       "deletedOrders"
             *     ]
             */
            excluded: string[];
            /**
             * Format: date-time
             * @description The figures include every change committed before this instant
             * @example 2026-01-31T12:00:00.000Z
             */
            asOf: string;
            filters: {
                offer: string | null;
                brand: string | null;
                market: string | null;
                serviceType: string | null;
            };
            totals: {
                itemsReceived: number;
                /** @description Items that were accepted (then scheduled, completed…) */
                itemsAccepted: number;
                itemsRejected: number;
                itemsCompleted: number;
                itemsCancelled: number;
                /**
                 * @description 4 decimals; null when the divisor is 0
                 * @example 0.8125
                 */
                acceptanceRate: number | null;
                /**
                 * @description Monthly prices of accepted items (handoff items excluded)
                 * @example 1499.70
                 */
                totalMonthlyAccepted: string;
                /**
                 * @description Commission accrued on accepted items
                 * @example 1499.70
                 */
                commissionAccrued: string;
                /** @description From the order's placement to the item's acceptance; nearest-rank median and p90, exact at the resolution of whole minutes under an hour, quarter hours under a day, hours under 30 days, then '30 days or more' (2592000); each value is its step's lower bound */
                timeToAccept: {
                    accepted: number;
                    medianSeconds: number | null;
                    p90Seconds: number | null;
                };
            };
            series: {
                /** @example 2026-03-01 */
                start: string;
                /**
                 * @description Inclusive
                 * @example 2026-03-01
                 */
                end: string;
                itemsReceived: number;
                /** @description Items that were accepted (then scheduled, completed…) */
                itemsAccepted: number;
                itemsRejected: number;
                itemsCompleted: number;
                itemsCancelled: number;
                /**
                 * @description 4 decimals; null when the divisor is 0
                 * @example 0.8125
                 */
                acceptanceRate: number | null;
                /**
                 * @description Monthly prices of accepted items (handoff items excluded)
                 * @example 1499.70
                 */
                totalMonthlyAccepted: string;
                /**
                 * @description Commission accrued on accepted items
                 * @example 1499.70
                 */
                commissionAccrued: string;
            }[];
            /** @description At most 10 offers, most accepted items first */
            topOffers: {
                offerId: string;
                offerName: string | null;
                itemsReceived: number;
                /** @description Items that were accepted (then scheduled, completed…) */
                itemsAccepted: number;
                itemsRejected: number;
                itemsCompleted: number;
                itemsCancelled: number;
                /**
                 * @description 4 decimals; null when the divisor is 0
                 * @example 0.8125
                 */
                acceptanceRate: number | null;
                /**
                 * @description Monthly prices of accepted items (handoff items excluded)
                 * @example 1499.70
                 */
                totalMonthlyAccepted: string;
                /**
                 * @description Commission accrued on accepted items
                 * @example 1499.70
                 */
                commissionAccrued: string;
            }[];
        };
        ResellerAnalytics: {
            /** @example 2026-03-01 */
            from: string;
            /** @example 2026-03-01 */
            to: string;
            /** @example America/New_York */
            timeZone: string;
            /** @enum {string} */
            granularity: "day" | "week" | "month";
            /**
             * @description Which orders are counted (see the parameter)
             * @enum {string}
             */
            training: "exclude" | "only";
            /**
             * @description What is not counted: training orders and orders deleted by their reseller; in the training view live orders, deleted orders and clicks
             * @example [
             *       "trainingOrders",
             *       "deletedOrders"
             *     ]
             */
            excluded: string[];
            /**
             * Format: date-time
             * @description The figures include every change committed before this instant
             * @example 2026-01-31T12:00:00.000Z
             */
            asOf: string;
            filters: {
                storefront: string | null;
                link: string | null;
                provider: string | null;
            };
            totals: {
                ordersPlaced: number;
                itemsByStatus: {
                    pending: number;
                    handoff: number;
                    accepted: number;
                    rejected: number;
                    scheduled: number;
                    completed: number;
                    cancelled: number;
                };
                /**
                 * @description As the orders' totalMonthly: handoff items excluded
                 * @example 1499.70
                 */
                totalMonthlyOrdered: string;
                /** @example 1499.70 */
                totalMonthlyAccepted: string;
                /** @example 1499.70 */
                commissionEarned: string;
                clicks: number;
            };
            series: {
                /** @example 2026-03-01 */
                start: string;
                /**
                 * @description Inclusive
                 * @example 2026-03-01
                 */
                end: string;
                ordersPlaced: number;
                itemsByStatus: {
                    pending: number;
                    handoff: number;
                    accepted: number;
                    rejected: number;
                    scheduled: number;
                    completed: number;
                    cancelled: number;
                };
                /**
                 * @description As the orders' totalMonthly: handoff items excluded
                 * @example 1499.70
                 */
                totalMonthlyOrdered: string;
                /** @example 1499.70 */
                totalMonthlyAccepted: string;
                /** @example 1499.70 */
                commissionEarned: string;
            }[];
            storefronts: {
                storefrontId: string;
                slug: string;
                clicks: number;
                orders: number;
                /**
                 * @description orders ÷ clicks, 4 decimals; null without clicks
                 * @example 0.8125
                 */
                conversion: number | null;
            }[];
            links: {
                linkId: string;
                slug: string;
                name: string | null;
                clicks: number;
                orders: number;
                /**
                 * @description orders ÷ clicks, 4 decimals; null without clicks
                 * @example 0.8125
                 */
                conversion: number | null;
            }[];
        };
        AuditEntry: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            actor: {
                /** @enum {string} */
                type: "member" | "api_key" | "operator";
                /** @description The member's or API key's id; null for the operator */
                id: string | null;
                /**
                 * @description An e-mail, a key prefix, or `operator`
                 * @example ana@example.com
                 */
                label: string;
            };
            /** @enum {string} */
            action: "member.signed_in" | "member.sign_in_failed" | "member.signed_out" | "member.signed_out_everywhere" | "member.password_changed" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "member.2fa_enabled" | "member.2fa_disabled" | "member.2fa_recovery_code_used" | "member.2fa_recovery_codes_replaced" | "team.2fa_policy_changed" | "member.password_reset_requested" | "member.password_reset" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "order.deleted" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.resent" | "webhook.recovery_started" | "webhook.test_sent" | "webhook.secret_viewed";
            /** @description What the action was done to (a member, an invite, an API key, a session) */
            target: {
                type: string;
                id: string;
                label: string;
            } | null;
            /** @example role: viewer -> developer */
            detail: string | null;
            ip: string | null;
            userAgent: string | null;
        };
        AuditEntryPage: {
            data: components["schemas"]["AuditEntry"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        CreatedTeam: components["schemas"]["Team"] & {
            apiKey: components["schemas"]["IssuedApiKey"];
        };
        IssuedApiKey: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /** @description The full key: shown in this response only, never again */
            key: string;
            /** @example mk_Ab3dE9xQ */
            prefix: string;
            name: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
        };
        Team: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            name: string;
            /** @enum {string} */
            role: "provider" | "reseller" | "hybrid";
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updatedAt: string;
        };
        CreateTeam: {
            name: string;
            /** @enum {string} */
            role: "provider" | "reseller" | "hybrid";
        };
        TeamPage: {
            data: components["schemas"]["Team"][];
            hasMore: boolean;
            nextCursor: string | null;
        };
        ApiKey: {
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            id: string;
            /**
             * Format: uuid
             * @example 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21
             */
            teamId: string;
            name: string | null;
            prefix: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            lastUsedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            revokedAt: string | null;
        };
        CreateApiKey: {
            name?: string | null;
        };
        Invite: {
            /**
             * @description The dashboard link that lets the person join (single use); a secret: hand it over privately
             * @example https://market.example.com/dashboard/invite/mi_…
             */
            inviteUrl: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            expiresAt: string;
        };
        CreateInvite: {
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "owner" | "developer" | "operations" | "viewer";
        };
        PortalLink: {
            /**
             * @description The single-use link that opens a webhooks-portal session for the team; a secret: give it to your signed-in user only (e.g. as an iframe's src)
             * @example https://market.example.com/dashboard/portal/mp_…
             */
            url: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            expiresAt: string;
        };
        CreatePortalLink: {
            /**
             * @description What the session may do; default [view]. view: the webhooks pages; manage_endpoints: add, change, pause, delete; view_secrets: see a secret when it is issued; rotate_secrets; replay: resend and recover; send_tests.
             * @example [
             *       "view",
             *       "replay"
             *     ]
             */
            capabilities?: ("view" | "manage_endpoints" | "view_secrets" | "rotate_secrets" | "replay" | "send_tests")[];
            /** @description Seconds until the link and its session expire (60 to 86400); default 3600 */
            expiresIn?: number;
            /** @description true: view only, whatever capabilities says */
            readOnly?: boolean;
            /**
             * @description Names the session (e.g. your user's id); DELETE …/portal-links?sessionLabel= ends them
             * @example acme-user-42
             */
            sessionLabel: string;
            /** @description The session's colours. accent must contrast at least 4.5:1 with background (white when absent; then the dark colour scheme keeps the dashboard's own colours). */
            theme?: {
                /**
                 * @description Links and buttons
                 * @example #7a1fa2
                 */
                accent: string;
                /**
                 * @description The page's background; default white (and the dark scheme's own)
                 * @example #fdf6e3
                 */
                background?: string;
            };
        };
        RevokedPortalLinks: {
            revoked: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Service information */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "marketplace-service",
                     *       "version": "0.1.0",
                     *       "docs": "/docs",
                     *       "openapi": "/openapi.json"
                     *     }
                     */
                    "application/json": components["schemas"]["ServiceInfo"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service and its database answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "up"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderOffersBulkUploadTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv attachment "offers-template.csv" */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersBulkUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends and quoted fields holding commas or line breaks are fine), at most 10485760 bytes and 50000 data rows (413 past either). The first line is the header: column names as in the template (sku, name, serviceType, description, marketingHeadline, brandName, marketNames, monthlyPrice, promoMonthlyPrice, promoDurationMonths, contractTermMonths, commission, submissionUrl, partnerSignup.signupUrlTemplate, internet.downloadSpeedMbps, internet.uploadSpeedMbps, internet.connectionType, internet.dataCapGb, electricity.ratePerKwh, electricity.rateType, electricity.renewablePercent, electricity.termMonths); a missing required column or an unknown one is a 400 for the whole file, as is a file that is not valid CSV. An empty cell leaves the field as it is; NULL clears it. marketNames lists the team's market names separated by ";". brandName names one of the team's brands; filling partnerSignup.signupUrlTemplate makes the offer lead_gen. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The file was read: counts and one result per data row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "summary": {
                     *         "rows": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "created": 1
                     *       },
                     *       "results": [
                     *         {
                     *           "row": 1,
                     *           "line": 2,
                     *           "status": "created",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "errors": [
                     *             {
                     *               "column": null,
                     *               "message": "monthlyPrice must be a decimal string with at most two decimals, e.g. \"49.99\""
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BulkUploadResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body neither multipart/form-data nor text/csv */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body neither multipart/form-data nor text/csv",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersBulkUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends and quoted fields holding commas or line breaks are fine), at most 10485760 bytes and 50000 data rows (413 past either). The first line is the header: column names as in the template (sku, name, serviceType, description, marketingHeadline, brandName, marketNames, monthlyPrice, promoMonthlyPrice, promoDurationMonths, contractTermMonths, commission, submissionUrl, partnerSignup.signupUrlTemplate, internet.downloadSpeedMbps, internet.uploadSpeedMbps, internet.connectionType, internet.dataCapGb, electricity.ratePerKwh, electricity.rateType, electricity.renewablePercent, electricity.termMonths); a missing required column or an unknown one is a 400 for the whole file, as is a file that is not valid CSV. An empty cell leaves the field as it is; NULL clears it. marketNames lists the team's market names separated by ";". brandName names one of the team's brands; filling partnerSignup.signupUrlTemplate makes the offer lead_gen. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The file was read: counts and one result per data row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "summary": {
                     *         "rows": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "updated": 1
                     *       },
                     *       "results": [
                     *         {
                     *           "row": 1,
                     *           "line": 2,
                     *           "status": "created",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "errors": [
                     *             {
                     *               "column": null,
                     *               "message": "monthlyPrice must be a decimal string with at most two decimals, e.g. \"49.99\""
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BulkUpdateResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body neither multipart/form-data nor text/csv */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body neither multipart/form-data nor text/csv",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersBulkUploadValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends and quoted fields holding commas or line breaks are fine), at most 10485760 bytes and 50000 data rows (413 past either). The first line is the header: column names as in the template (sku, name, serviceType, description, marketingHeadline, brandName, marketNames, monthlyPrice, promoMonthlyPrice, promoDurationMonths, contractTermMonths, commission, submissionUrl, partnerSignup.signupUrlTemplate, internet.downloadSpeedMbps, internet.uploadSpeedMbps, internet.connectionType, internet.dataCapGb, electricity.ratePerKwh, electricity.rateType, electricity.renewablePercent, electricity.termMonths); a missing required column or an unknown one is a 400 for the whole file, as is a file that is not valid CSV. An empty cell leaves the field as it is; NULL clears it. marketNames lists the team's market names separated by ";". brandName names one of the team's brands; filling partnerSignup.signupUrlTemplate makes the offer lead_gen. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The file was read: counts and one result per data row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "summary": {
                     *         "rows": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "created": 1
                     *       },
                     *       "results": [
                     *         {
                     *           "row": 1,
                     *           "line": 2,
                     *           "status": "created",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "errors": [
                     *             {
                     *               "column": null,
                     *               "message": "monthlyPrice must be a decimal string with at most two decimals, e.g. \"49.99\""
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BulkUploadResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body neither multipart/form-data nor text/csv */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body neither multipart/form-data nor text/csv",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersBulkUpdateValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends and quoted fields holding commas or line breaks are fine), at most 10485760 bytes and 50000 data rows (413 past either). The first line is the header: column names as in the template (sku, name, serviceType, description, marketingHeadline, brandName, marketNames, monthlyPrice, promoMonthlyPrice, promoDurationMonths, contractTermMonths, commission, submissionUrl, partnerSignup.signupUrlTemplate, internet.downloadSpeedMbps, internet.uploadSpeedMbps, internet.connectionType, internet.dataCapGb, electricity.ratePerKwh, electricity.rateType, electricity.renewablePercent, electricity.termMonths); a missing required column or an unknown one is a 400 for the whole file, as is a file that is not valid CSV. An empty cell leaves the field as it is; NULL clears it. marketNames lists the team's market names separated by ";". brandName names one of the team's brands; filling partnerSignup.signupUrlTemplate makes the offer lead_gen. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The file was read: counts and one result per data row */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "summary": {
                     *         "rows": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "updated": 1
                     *       },
                     *       "results": [
                     *         {
                     *           "row": 1,
                     *           "line": 2,
                     *           "status": "created",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "errors": [
                     *             {
                     *               "column": null,
                     *               "message": "monthlyPrice must be a decimal string with at most two decimals, e.g. \"49.99\""
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["BulkUpdateResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body neither multipart/form-data nor text/csv */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body neither multipart/form-data nor text/csv",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderOffers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description Only offers of this status */
                status?: "draft" | "active";
                /** @description Only offers of this service type */
                serviceType?: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                /** @description Only offers of this brand (one of the team's) */
                brandId?: string;
                /** @description Only offers linked to this market (one of the team's) */
                marketId?: string;
                /** @description Case-insensitive substring of the name, marketing headline, description or SKU; 1 to 100 characters after trimming, no control characters; % and _ match literally */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "sku": null,
                     *         "status": "draft",
                     *         "serviceType": "internet",
                     *         "description": null,
                     *         "marketingHeadline": null,
                     *         "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "brand": null,
                     *         "marketIds": [
                     *           "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *         ],
                     *         "monthlyPrice": "49.99",
                     *         "promoMonthlyPrice": "49.99",
                     *         "promoDurationMonths": null,
                     *         "contractTermMonths": null,
                     *         "commission": "49.99",
                     *         "partnerSignup": {
                     *           "kind": "lead_gen",
                     *           "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *         },
                     *         "submissionUrl": null,
                     *         "internet": {
                     *           "downloadSpeedMbps": null,
                     *           "uploadSpeedMbps": null,
                     *           "connectionType": null,
                     *           "dataCapGb": null
                     *         },
                     *         "electricity": {
                     *           "ratePerKwh": "0.1425",
                     *           "rateType": null,
                     *           "renewablePercent": null,
                     *           "termMonths": null
                     *         },
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z",
                     *         "publishedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Offer"][] | components["schemas"]["OfferPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "example",
                 *       "sku": null,
                 *       "serviceType": "internet",
                 *       "description": null,
                 *       "marketingHeadline": null,
                 *       "brandId": null,
                 *       "marketIds": [
                 *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *       ],
                 *       "monthlyPrice": "49.99",
                 *       "promoMonthlyPrice": "49.99",
                 *       "promoDurationMonths": null,
                 *       "contractTermMonths": null,
                 *       "commission": "49.99",
                 *       "partnerSignup": null,
                 *       "submissionUrl": "https://partner.example.com/orders",
                 *       "internet": null,
                 *       "electricity": null
                 *     }
                 */
                "application/json": components["schemas"]["CreateOffer"];
            };
        };
        responses: {
            /** @description The new draft offer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "sku": null,
                     *       "status": "draft",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "brand": null,
                     *       "marketIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": {
                     *         "kind": "lead_gen",
                     *         "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *       },
                     *       "submissionUrl": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "publishedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderOffersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "sku": null,
                     *       "status": "draft",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "brand": null,
                     *       "marketIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": {
                     *         "kind": "lead_gen",
                     *         "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *       },
                     *       "submissionUrl": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "publishedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProviderOffersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchProviderOffersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "example",
                 *       "sku": null,
                 *       "serviceType": "internet",
                 *       "description": null,
                 *       "marketingHeadline": null,
                 *       "brandId": null,
                 *       "marketIds": [
                 *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *       ],
                 *       "monthlyPrice": "49.99",
                 *       "promoMonthlyPrice": "49.99",
                 *       "promoDurationMonths": null,
                 *       "contractTermMonths": null,
                 *       "commission": "49.99",
                 *       "partnerSignup": null,
                 *       "submissionUrl": "https://partner.example.com/orders",
                 *       "internet": null,
                 *       "electricity": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateOffer"];
            };
        };
        responses: {
            /** @description The updated offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "sku": null,
                     *       "status": "draft",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "brand": null,
                     *       "marketIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": {
                     *         "kind": "lead_gen",
                     *         "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *       },
                     *       "submissionUrl": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "publishedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Validation failed (error envelope), or the edit would leave an active offer unpublishable (publish validation body) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad Request",
                     *       "message": "Offer is not ready to publish",
                     *       "validationErrors": [
                     *         {
                     *           "section": "example",
                     *           "field": "example",
                     *           "message": "example"
                     *         }
                     *       ],
                     *       "sections": {}
                     *     }
                     */
                    "application/json": components["schemas"]["PublishValidationError"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersByIdPublish: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The active offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "sku": null,
                     *       "status": "draft",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "brand": null,
                     *       "marketIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": {
                     *         "kind": "lead_gen",
                     *         "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *       },
                     *       "submissionUrl": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "publishedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Publish-readiness rules not met, by editor section (publish validation body); or a malformed request: a body with properties, an unknown query parameter (error envelope) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Bad Request",
                     *       "message": "Offer is not ready to publish",
                     *       "validationErrors": [
                     *         {
                     *           "section": "example",
                     *           "field": "example",
                     *           "message": "example"
                     *         }
                     *       ],
                     *       "sections": {}
                     *     }
                     */
                    "application/json": components["schemas"]["PublishValidationError"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderOffersByIdDuplicate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The new draft */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "sku": null,
                     *       "status": "draft",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "brandId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "brand": null,
                     *       "marketIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": {
                     *         "kind": "lead_gen",
                     *         "signupUrlTemplate": "https://signup.example.com/start?ref={orderItemId}"
                     *       },
                     *       "submissionUrl": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "publishedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderWebhooks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "url": "https://example.com/hooks/marketplace",
                     *         "events": [
                     *           "order.created"
                     *         ],
                     *         "isActive": true,
                     *         "signatureScheme": "service",
                     *         "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *         "disabledReason": null,
                     *         "disabledAt": "2026-01-31T12:00:00.000Z",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z",
                     *         "secret": "whsec_••••abcd"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Webhook"][] | components["schemas"]["WebhookPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/marketplace",
                 *       "events": [
                 *         "order.created"
                 *       ],
                 *       "isActive": true,
                 *       "signatureScheme": "standard"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description The webhook, with its full secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_••••abcd"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProviderWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; the response has no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchProviderWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/marketplace",
                 *       "events": [
                 *         "order.created"
                 *       ],
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhook"];
            };
        };
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_••••abcd"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 50 attempts, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "eventType": "example",
                     *         "attempt": 1,
                     *         "trigger": "event",
                     *         "url": "example",
                     *         "statusCode": null,
                     *         "success": true,
                     *         "responseBody": "example",
                     *         "durationMs": 1,
                     *         "createdAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][] | components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderWebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "overlapSeconds": 0
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The webhook, with its new full secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The test delivery is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventType": "example",
                     *       "trigger": "test",
                     *       "queuedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["QueuedWebhookDelivery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderWebhooksByIdRecover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-01-31T12:00:00.000Z",
                 *       "until": "2026-01-31T12:00:00.000Z",
                 *       "dryRun": true
                 *     }
                 */
                "application/json": components["schemas"]["RecoverWebhook"];
            };
        };
        responses: {
            /** @description dryRun: the events that would be re-sent, counted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "count": 1,
                     *       "dryRun": true,
                     *       "since": "2026-01-31T12:00:00.000Z",
                     *       "until": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description The events are queued, one attempt each */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "count": 1,
                     *       "dryRun": true,
                     *       "since": "2026-01-31T12:00:00.000Z",
                     *       "until": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderWebhooksByIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The redelivery is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventType": "example",
                     *       "trigger": "test",
                     *       "queuedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["QueuedWebhookDelivery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerWebhooks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "url": "https://example.com/hooks/marketplace",
                     *         "events": [
                     *           "order.created"
                     *         ],
                     *         "isActive": true,
                     *         "signatureScheme": "service",
                     *         "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *         "disabledReason": null,
                     *         "disabledAt": "2026-01-31T12:00:00.000Z",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z",
                     *         "secret": "whsec_••••abcd"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Webhook"][] | components["schemas"]["WebhookPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/marketplace",
                 *       "events": [
                 *         "order.created"
                 *       ],
                 *       "isActive": true,
                 *       "signatureScheme": "standard"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description The webhook, with its full secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_••••abcd"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteResellerWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; the response has no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchResellerWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/marketplace",
                 *       "events": [
                 *         "order.created"
                 *       ],
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhook"];
            };
        };
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_••••abcd"
                     *     }
                     */
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 50 attempts, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "eventType": "example",
                     *         "attempt": 1,
                     *         "trigger": "event",
                     *         "url": "example",
                     *         "statusCode": null,
                     *         "success": true,
                     *         "responseBody": "example",
                     *         "durationMs": 1,
                     *         "createdAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][] | components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerWebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "overlapSeconds": 0
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description The webhook, with its new full secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "url": "https://example.com/hooks/marketplace",
                     *       "events": [
                     *         "order.created"
                     *       ],
                     *       "isActive": true,
                     *       "signatureScheme": "service",
                     *       "previousSecretExpiresAt": "2026-01-31T12:00:00.000Z",
                     *       "disabledReason": null,
                     *       "disabledAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "secret": "whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The test delivery is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventType": "example",
                     *       "trigger": "test",
                     *       "queuedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["QueuedWebhookDelivery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerWebhooksByIdRecover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-01-31T12:00:00.000Z",
                 *       "until": "2026-01-31T12:00:00.000Z",
                 *       "dryRun": true
                 *     }
                 */
                "application/json": components["schemas"]["RecoverWebhook"];
            };
        };
        responses: {
            /** @description dryRun: the events that would be re-sent, counted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "count": 1,
                     *       "dryRun": true,
                     *       "since": "2026-01-31T12:00:00.000Z",
                     *       "until": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description The events are queued, one attempt each */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "count": 1,
                     *       "dryRun": true,
                     *       "since": "2026-01-31T12:00:00.000Z",
                     *       "until": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerWebhooksByIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The redelivery is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhookId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "eventType": "example",
                     *       "trigger": "test",
                     *       "queuedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["QueuedWebhookDelivery"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description One event type, or several separated by commas: order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked */
                type?: string;
                /** @description Only events created after this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ) */
                createdAfter?: string;
                /** @description Only events created before this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ) */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 50 events, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "type": "order.created",
                     *         "version": 1,
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "data": {}
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Event"][] | components["schemas"]["EventPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, as delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "type": "order.created",
                     *       "version": 1,
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "data": {}
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description One event type, or several separated by commas: order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked */
                type?: string;
                /** @description Only events created after this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ) */
                createdAfter?: string;
                /** @description Only events created before this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ) */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 50 events, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "type": "order.created",
                     *         "version": 1,
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "data": {}
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Event"][] | components["schemas"]["EventPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, as delivered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "type": "order.created",
                     *       "version": 1,
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "data": {}
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderBrands: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "logoUrl": "https://cdn.example.com/acme.png",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Brand"][] | components["schemas"]["BrandPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Fiber",
                 *       "logoUrl": "https://cdn.example.com/acme.png"
                 *     }
                 */
                "application/json": components["schemas"]["CreateBrand"];
            };
        };
        responses: {
            /** @description The new brand */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "logoUrl": "https://cdn.example.com/acme.png",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Brand"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderBrandsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The brand */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "logoUrl": "https://cdn.example.com/acme.png",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Brand"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProviderBrandsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchProviderBrandsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Fiber",
                 *       "logoUrl": "https://cdn.example.com/acme.png"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateBrand"];
            };
        };
        responses: {
            /** @description The brand */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "logoUrl": "https://cdn.example.com/acme.png",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Brand"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderMarkets: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "areas": [
                     *           {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "kind": "zip",
                     *             "value": "78701",
                     *             "createdAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         ],
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Market"][] | components["schemas"]["MarketPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderMarkets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Austin metro"
                 *     }
                 */
                "application/json": components["schemas"]["CreateMarket"];
            };
        };
        responses: {
            /** @description The new market */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "areas": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "kind": "zip",
                     *           "value": "78701",
                     *           "createdAt": "2026-01-31T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Market"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderMarketsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The market */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "areas": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "kind": "zip",
                     *           "value": "78701",
                     *           "createdAt": "2026-01-31T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Market"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProviderMarketsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchProviderMarketsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Austin metro"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMarket"];
            };
        };
        responses: {
            /** @description The market */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "areas": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "kind": "zip",
                     *           "value": "78701",
                     *           "createdAt": "2026-01-31T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Market"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderMarketsByIdAreas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "zip",
                 *       "value": "78701"
                 *     }
                 */
                "application/json": components["schemas"]["CreateMarketArea"];
            };
        };
        responses: {
            /** @description The new area (the market's updatedAt moves) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "kind": "zip",
                     *       "value": "78701",
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["MarketArea"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteProviderMarketsByIdAreasByAreaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                areaId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Removed; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                status?: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Items with their order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "status": "pending",
                     *         "isTraining": true,
                     *         "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "offerName": "example",
                     *         "serviceType": "internet",
                     *         "providerName": "example",
                     *         "monthlyPrice": "49.99",
                     *         "promoMonthlyPrice": "49.99",
                     *         "promoDurationMonths": null,
                     *         "contractTermMonths": null,
                     *         "scheduledDate": null,
                     *         "rejectionReason": null,
                     *         "metadata": {
                     *           "handoff": null
                     *         },
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z",
                     *         "order": {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "submitted",
                     *           "isTraining": true,
                     *           "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "customer": {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "name": "example",
                     *             "email": "example",
                     *             "phone": "example",
                     *             "kind": "residential"
                     *           },
                     *           "serviceAddress": {
                     *             "line1": "example",
                     *             "line2": null,
                     *             "city": "example",
                     *             "state": "TX",
                     *             "zipCode": "78701"
                     *           },
                     *           "moveInDate": null,
                     *           "installationDate": null,
                     *           "createdAt": "2026-01-31T12:00:00.000Z"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProviderOrderItem"][] | components["schemas"]["ProviderOrderItemPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderOrdersByItemId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "pending",
                     *       "isTraining": true,
                     *       "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "offerName": "example",
                     *       "serviceType": "internet",
                     *       "providerName": "example",
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "scheduledDate": null,
                     *       "rejectionReason": null,
                     *       "metadata": {
                     *         "handoff": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "order": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "status": "submitted",
                     *         "isTraining": true,
                     *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "customer": {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "name": "example",
                     *           "email": "example",
                     *           "phone": "example",
                     *           "kind": "residential"
                     *         },
                     *         "serviceAddress": {
                     *           "line1": "example",
                     *           "line2": null,
                     *           "city": "example",
                     *           "state": "TX",
                     *           "zipCode": "78701"
                     *         },
                     *         "moveInDate": null,
                     *         "installationDate": null,
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "consents": [
                     *           {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "kind": "order_contact",
                     *             "granted": true,
                     *             "disclosureVersion": "order_contact.v1",
                     *             "disclosureText": "example",
                     *             "phone": "+15125550123",
                     *             "email": null,
                     *             "ipAddress": "example",
                     *             "userAgent": null,
                     *             "recordedAt": "2026-01-31T12:00:00.000Z",
                     *             "revokedAt": "2026-01-31T12:00:00.000Z",
                     *             "revokedVia": null
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderOrderItemDetail"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchProviderOrdersByItemIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "accepted",
                 *       "scheduledDate": "2026-12-01",
                 *       "reason": "example"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateOrderItemStatus"];
            };
        };
        responses: {
            /** @description The item after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "pending",
                     *       "isTraining": true,
                     *       "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "offerName": "example",
                     *       "serviceType": "internet",
                     *       "providerName": "example",
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "scheduledDate": null,
                     *       "rejectionReason": null,
                     *       "metadata": {
                     *         "handoff": null
                     *       },
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "order": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "status": "submitted",
                     *         "isTraining": true,
                     *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "customer": {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "name": "example",
                     *           "email": "example",
                     *           "phone": "example",
                     *           "kind": "residential"
                     *         },
                     *         "serviceAddress": {
                     *           "line1": "example",
                     *           "line2": null,
                     *           "city": "example",
                     *           "state": "TX",
                     *           "zipCode": "78701"
                     *         },
                     *         "moveInDate": null,
                     *         "installationDate": null,
                     *         "createdAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderOrderItem"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderCustomers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z",
                     *         "unsubscribed": true,
                     *         "unsubscribedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProviderCustomer"][] | components["schemas"]["ProviderCustomerPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderCustomersByCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "email": "example",
                     *       "phone": "example",
                     *       "kind": "residential",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "unsubscribed": true,
                     *       "unsubscribedAt": "2026-01-31T12:00:00.000Z",
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "isTraining": true,
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "scheduledDate": null,
                     *           "rejectionReason": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           },
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z",
                     *           "order": {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "status": "submitted",
                     *             "isTraining": true,
                     *             "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "customer": {
                     *               "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *               "name": "example",
                     *               "email": "example",
                     *               "phone": "example",
                     *               "kind": "residential"
                     *             },
                     *             "serviceAddress": {
                     *               "line1": "example",
                     *               "line2": null,
                     *               "city": "example",
                     *               "state": "TX",
                     *               "zipCode": "78701"
                     *             },
                     *             "moveInDate": null,
                     *             "installationDate": null,
                     *             "createdAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderCustomerDetail"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerOrders: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "status": "submitted",
                     *         "isTraining": true,
                     *         "totalMonthly": "49.99",
                     *         "customer": {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "name": "example",
                     *           "email": "example",
                     *           "phone": "example",
                     *           "kind": "residential"
                     *         },
                     *         "serviceAddress": {
                     *           "line1": "example",
                     *           "line2": null,
                     *           "city": "example",
                     *           "state": "TX",
                     *           "zipCode": "78701"
                     *         },
                     *         "moveInDate": null,
                     *         "installationDate": null,
                     *         "items": [
                     *           {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "status": "pending",
                     *             "isTraining": true,
                     *             "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "offerName": "example",
                     *             "serviceType": "internet",
                     *             "providerName": "example",
                     *             "monthlyPrice": "49.99",
                     *             "promoMonthlyPrice": "49.99",
                     *             "promoDurationMonths": null,
                     *             "contractTermMonths": null,
                     *             "scheduledDate": null,
                     *             "rejectionReason": null,
                     *             "metadata": {
                     *               "handoff": null
                     *             },
                     *             "createdAt": "2026-01-31T12:00:00.000Z",
                     *             "updatedAt": "2026-01-31T12:00:00.000Z",
                     *             "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "commission": {
                     *               "amount": "49.99",
                     *               "accruedAt": "2026-01-31T12:00:00.000Z"
                     *             }
                     *           }
                     *         ],
                     *         "handoffs": [
                     *           {
                     *             "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "offerName": "example",
                     *             "providerName": "example",
                     *             "redirectUrl": "example"
                     *           }
                     *         ],
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ResellerOrder"][] | components["schemas"]["ResellerOrderPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerOrders: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 visible ASCII characters */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *         }
                 *       ],
                 *       "customer": {
                 *         "name": "example",
                 *         "email": "jane@example.com",
                 *         "phone": "+15125550123",
                 *         "kind": "residential"
                 *       },
                 *       "serviceAddress": {
                 *         "line1": "example",
                 *         "line2": null,
                 *         "city": "example",
                 *         "state": "TX",
                 *         "zipCode": "78701"
                 *       },
                 *       "moveInDate": "2026-12-01",
                 *       "installationDate": "2026-12-01",
                 *       "isTraining": true
                 *     }
                 */
                "application/json": components["schemas"]["PlaceOrder"];
            };
        };
        responses: {
            /** @description The order, with handoffs for lead_gen items */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "submitted",
                     *       "isTraining": true,
                     *       "totalMonthly": "49.99",
                     *       "customer": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential"
                     *       },
                     *       "serviceAddress": {
                     *         "line1": "example",
                     *         "line2": null,
                     *         "city": "example",
                     *         "state": "TX",
                     *         "zipCode": "78701"
                     *       },
                     *       "moveInDate": null,
                     *       "installationDate": null,
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "isTraining": true,
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "scheduledDate": null,
                     *           "rejectionReason": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           },
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z",
                     *           "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "commission": {
                     *             "amount": "49.99",
                     *             "accruedAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "handoffs": [
                     *         {
                     *           "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "providerName": "example",
                     *           "redirectUrl": "example"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ResellerOrder"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "submitted",
                     *       "isTraining": true,
                     *       "totalMonthly": "49.99",
                     *       "customer": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential"
                     *       },
                     *       "serviceAddress": {
                     *         "line1": "example",
                     *         "line2": null,
                     *         "city": "example",
                     *         "state": "TX",
                     *         "zipCode": "78701"
                     *       },
                     *       "moveInDate": null,
                     *       "installationDate": null,
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "isTraining": true,
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "scheduledDate": null,
                     *           "rejectionReason": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           },
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z",
                     *           "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "commission": {
                     *             "amount": "49.99",
                     *             "accruedAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "handoffs": [
                     *         {
                     *           "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "providerName": "example",
                     *           "redirectUrl": "example"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ResellerOrder"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteResellerOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted; the response has no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchResellerOrdersByIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The order after cancellation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "submitted",
                     *       "isTraining": true,
                     *       "totalMonthly": "49.99",
                     *       "customer": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential"
                     *       },
                     *       "serviceAddress": {
                     *         "line1": "example",
                     *         "line2": null,
                     *         "city": "example",
                     *         "state": "TX",
                     *         "zipCode": "78701"
                     *       },
                     *       "moveInDate": null,
                     *       "installationDate": null,
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "isTraining": true,
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "scheduledDate": null,
                     *           "rejectionReason": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           },
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z",
                     *           "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "commission": {
                     *             "amount": "49.99",
                     *             "accruedAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "handoffs": [
                     *         {
                     *           "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "providerName": "example",
                     *           "redirectUrl": "example"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ResellerOrder"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerCustomers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                kind?: "residential" | "business";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Customers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Customer"][] | components["schemas"]["CustomerPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderCustomersByCustomerIdConsentsEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The evidence bundle */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "format": "marketplace.consent-evidence.v1",
                     *       "generatedAt": "2026-01-31T12:00:00.000Z",
                     *       "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "customerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "statement": "example",
                     *       "records": [
                     *         {
                     *           "consentId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "clickId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "customerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "kind": "order_contact",
                     *           "granted": true,
                     *           "disclosureVersion": "order_contact.v1",
                     *           "disclosureText": "example",
                     *           "phone": "example",
                     *           "email": null,
                     *           "ipAddress": "example",
                     *           "userAgent": null,
                     *           "isTraining": true,
                     *           "recordedAt": "2026-01-31T12:00:00.000Z",
                     *           "storefrontId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "linkId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerIds": [
                     *             "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *           ],
                     *           "pageUrl": null,
                     *           "seq": 1,
                     *           "hash": "9f86d081884c7d65…",
                     *           "revocations": [
                     *             {
                     *               "revokedAt": "2026-01-31T12:00:00.000Z",
                     *               "revokedVia": "web_form",
                     *               "seq": 1,
                     *               "hash": "9f86d081884c7d65…"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "chain": {
                     *         "fromSeq": 1,
                     *         "prevHash": "9f86d081884c7d65…",
                     *         "links": [
                     *           {
                     *             "seq": 1,
                     *             "consentId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "digest": "9f86d081884c7d65…"
                     *           }
                     *         ]
                     *       },
                     *       "checkpoint": null,
                     *       "keys": {
                     *         "keys": [
                     *           {
                     *             "kty": "OKP",
                     *             "crv": "Ed25519",
                     *             "x": "example",
                     *             "kid": "example",
                     *             "alg": "EdDSA",
                     *             "use": "sig"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ConsentEvidence"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postProviderCustomersByCustomerIdConsentRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The customer as the team sees it, now unsubscribed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "email": "example",
                     *       "phone": "example",
                     *       "kind": "residential",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "unsubscribed": true,
                     *       "unsubscribedAt": "2026-01-31T12:00:00.000Z",
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "isTraining": true,
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "scheduledDate": null,
                     *           "rejectionReason": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           },
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z",
                     *           "order": {
                     *             "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "status": "submitted",
                     *             "isTraining": true,
                     *             "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *             "customer": {
                     *               "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *               "name": "example",
                     *               "email": "example",
                     *               "phone": "example",
                     *               "kind": "residential"
                     *             },
                     *             "serviceAddress": {
                     *               "line1": "example",
                     *               "line2": null,
                     *               "city": "example",
                     *               "state": "TX",
                     *               "zipCode": "78701"
                     *             },
                     *             "moveInDate": null,
                     *             "installationDate": null,
                     *             "createdAt": "2026-01-31T12:00:00.000Z"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderCustomerDetail"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWellKnownConsentKeysJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "kty": "OKP",
                     *           "crv": "Ed25519",
                     *           "x": "example",
                     *           "kid": "example",
                     *           "alg": "EdDSA",
                     *           "use": "sig"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ConsentKeySet"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The storefront */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "slug": "example",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Storefront"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putResellerStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "austin-fiber-deals"
                 *     }
                 */
                "application/json": components["schemas"]["PutStorefront"];
            };
        };
        responses: {
            /** @description The storefront with its new slug */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "slug": "example",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Storefront"];
                };
            };
            /** @description The storefront, created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "slug": "example",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Storefront"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with existing state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 409,
                     *       "message": "Conflict with existing state",
                     *       "error": "Conflict"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerLinks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "slug": "k3v9q0x7mz",
                     *         "name": null,
                     *         "offerIds": [
                     *           "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *         ],
                     *         "createdAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Link"][] | components["schemas"]["LinkPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postResellerLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "offerIds": [
                 *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *       ],
                 *       "name": null
                 *     }
                 */
                "application/json": components["schemas"]["CreateLink"];
            };
        };
        responses: {
            /** @description The link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "slug": "k3v9q0x7mz",
                     *       "name": null,
                     *       "offerIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerLinksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "slug": "k3v9q0x7mz",
                     *       "name": null,
                     *       "offerIds": [
                     *         "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteResellerLinksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description Deleted (no body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPublicLinksBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link's offers (catalog entries without commission) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "example",
                     *       "offers": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "name": "example",
                     *           "serviceType": "internet",
                     *           "description": null,
                     *           "marketingHeadline": null,
                     *           "providerName": "Acme Fiber",
                     *           "brand": null,
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "partnerSignup": null,
                     *           "internet": {
                     *             "downloadSpeedMbps": null,
                     *             "uploadSpeedMbps": null,
                     *             "connectionType": null,
                     *             "dataCapGb": null
                     *           },
                     *           "electricity": {
                     *             "ratePerKwh": "0.1425",
                     *             "rateType": null,
                     *             "renewablePercent": null,
                     *             "termMonths": null
                     *           },
                     *           "publishedAt": "2026-01-31T12:00:00.000Z",
                     *           "createdAt": "2026-01-31T12:00:00.000Z",
                     *           "updatedAt": "2026-01-31T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "disclosures": [
                     *         {
                     *           "providerName": "example",
                     *           "version": "order_contact.v1",
                     *           "kind": "order_contact",
                     *           "text": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LinkView"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postPublicLinksBySlugOrders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *         }
                 *       ],
                 *       "customer": {
                 *         "name": "example",
                 *         "email": "jane@example.com",
                 *         "phone": "+15125550123",
                 *         "kind": "residential"
                 *       },
                 *       "serviceAddress": {
                 *         "line1": "example",
                 *         "line2": null,
                 *         "city": "example",
                 *         "state": "TX",
                 *         "zipCode": "78701"
                 *       },
                 *       "moveInDate": "2026-12-01",
                 *       "installationDate": "2026-12-01",
                 *       "consents": [
                 *         {
                 *           "kind": "order_contact",
                 *           "granted": true,
                 *           "disclosureVersion": "order_contact.v1"
                 *         }
                 *       ],
                 *       "pageUrl": "https://shop.example.com/internet?utm_source=mail"
                 *     }
                 */
                "application/json": components["schemas"]["PublicLinkOrder"];
            };
        };
        responses: {
            /** @description The order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "submitted",
                     *       "totalMonthly": "49.99",
                     *       "customer": {
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential"
                     *       },
                     *       "serviceAddress": {
                     *         "line1": "example",
                     *         "line2": null,
                     *         "city": "example",
                     *         "state": "TX",
                     *         "zipCode": "78701"
                     *       },
                     *       "moveInDate": null,
                     *       "installationDate": null,
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           }
                     *         }
                     *       ],
                     *       "handoffs": [
                     *         {
                     *           "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "providerName": "example",
                     *           "redirectUrl": "example"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PublicOrder"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postPublicShopOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *         }
                 *       ],
                 *       "customer": {
                 *         "name": "example",
                 *         "email": "jane@example.com",
                 *         "phone": "+15125550123",
                 *         "kind": "residential"
                 *       },
                 *       "serviceAddress": {
                 *         "line1": "example",
                 *         "line2": null,
                 *         "city": "example",
                 *         "state": "TX",
                 *         "zipCode": "78701"
                 *       },
                 *       "moveInDate": "2026-12-01",
                 *       "installationDate": "2026-12-01",
                 *       "storefrontSlug": "example",
                 *       "consents": [
                 *         {
                 *           "kind": "order_contact",
                 *           "granted": true,
                 *           "disclosureVersion": "order_contact.v1"
                 *         }
                 *       ],
                 *       "pageUrl": "https://shop.example.com/internet?utm_source=mail"
                 *     }
                 */
                "application/json": components["schemas"]["PublicShopOrder"];
            };
        };
        responses: {
            /** @description The order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "status": "submitted",
                     *       "totalMonthly": "49.99",
                     *       "customer": {
                     *         "name": "example",
                     *         "email": "example",
                     *         "phone": "example",
                     *         "kind": "residential"
                     *       },
                     *       "serviceAddress": {
                     *         "line1": "example",
                     *         "line2": null,
                     *         "city": "example",
                     *         "state": "TX",
                     *         "zipCode": "78701"
                     *       },
                     *       "moveInDate": null,
                     *       "installationDate": null,
                     *       "items": [
                     *         {
                     *           "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "status": "pending",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "serviceType": "internet",
                     *           "providerName": "example",
                     *           "monthlyPrice": "49.99",
                     *           "promoMonthlyPrice": "49.99",
                     *           "promoDurationMonths": null,
                     *           "contractTermMonths": null,
                     *           "metadata": {
                     *             "handoff": null
                     *           }
                     *         }
                     *       ],
                     *       "handoffs": [
                     *         {
                     *           "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *           "offerName": "example",
                     *           "providerName": "example",
                     *           "redirectUrl": "example"
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PublicOrder"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "Too many requests",
                     *       "error": "Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postPublicShopClicks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "storefrontSlug": "example",
                 *       "linkSlug": "example",
                 *       "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "consents": [
                 *         {
                 *           "kind": "order_contact",
                 *           "granted": true,
                 *           "disclosureVersion": "order_contact.v1"
                 *         }
                 *       ],
                 *       "contact": {
                 *         "phone": "+15125550123"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OutboundClick"];
            };
        };
        responses: {
            /** @description The click and where to send the consumer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "redirectUrl": null,
                     *       "phoneShared": true,
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OutboundClickResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 429,
                     *       "message": "Too many requests",
                     *       "error": "Too Many Requests"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postPublicConsentRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone": "+15125550123",
                 *       "email": "jane@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["RevokeConsent"];
            };
        };
        responses: {
            /** @description Always the same acknowledgement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": components["schemas"]["RevokeConsentResult"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerCatalog: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description Only offers of this service type */
                category?: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                /** @description Only offers whose monthlyPrice is at least this (decimal string, at most two decimals) */
                minPrice?: string;
                /** @description Only offers whose monthlyPrice is at most this; not below minPrice */
                maxPrice?: string;
                /** @description Only offers available at this 5-digit ZIP code (an offer linked to no market is available everywhere) */
                zipCode?: string;
                /** @description Case-insensitive substring of the name, marketing headline or description; 1 to 100 characters after trimming, no control characters; % and _ match literally */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The complete array, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "serviceType": "internet",
                     *         "description": null,
                     *         "marketingHeadline": null,
                     *         "providerName": "Acme Fiber",
                     *         "brand": null,
                     *         "monthlyPrice": "49.99",
                     *         "promoMonthlyPrice": "49.99",
                     *         "promoDurationMonths": null,
                     *         "contractTermMonths": null,
                     *         "commission": "49.99",
                     *         "partnerSignup": null,
                     *         "internet": {
                     *           "downloadSpeedMbps": null,
                     *           "uploadSpeedMbps": null,
                     *           "connectionType": null,
                     *           "dataCapGb": null
                     *         },
                     *         "electricity": {
                     *           "ratePerKwh": "0.1425",
                     *           "rateType": null,
                     *           "renewablePercent": null,
                     *           "termMonths": null
                     *         },
                     *         "publishedAt": "2026-01-31T12:00:00.000Z",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CatalogEntry"][] | components["schemas"]["CatalogEntryPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerCatalogById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer as resellers see it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "serviceType": "internet",
                     *       "description": null,
                     *       "marketingHeadline": null,
                     *       "providerName": "Acme Fiber",
                     *       "brand": null,
                     *       "monthlyPrice": "49.99",
                     *       "promoMonthlyPrice": "49.99",
                     *       "promoDurationMonths": null,
                     *       "contractTermMonths": null,
                     *       "commission": "49.99",
                     *       "partnerSignup": null,
                     *       "internet": {
                     *         "downloadSpeedMbps": null,
                     *         "uploadSpeedMbps": null,
                     *         "connectionType": null,
                     *         "dataCapGb": null
                     *       },
                     *       "electricity": {
                     *         "ratePerKwh": "0.1425",
                     *         "rateType": null,
                     *         "renewablePercent": null,
                     *         "termMonths": null
                     *       },
                     *       "publishedAt": "2026-01-31T12:00:00.000Z",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CatalogEntry"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderAnalytics: {
        parameters: {
            query?: {
                /** @description First calendar day (YYYY-MM-DD) of the range, in `timeZone`; required */
                from?: string;
                /** @description Last calendar day (inclusive); required; at most 731 days after from, counted inclusive */
                to?: string;
                /** @description IANA time zone that decides what a day is (DST included); default UTC */
                timeZone?: string;
                /** @description Length of the series' periods: day, ISO week (Monday to Sunday) or calendar month; default day */
                granularity?: "day" | "week" | "month";
                /** @description `exclude` (default): live orders only, training orders never counted. `only`: the training view, the same figures over training orders alone (deleted orders still excluded; clicks, being live traffic, are 0), so a team can see that its training works without polluting the live figures */
                training?: "exclude" | "only";
                /** @description Only items of this offer */
                offer?: string;
                /** @description Only items of offers that have this brand now */
                brand?: string;
                /** @description Only items of offers linked to this market now */
                market?: string;
                /** @description Only items of this service type */
                serviceType?: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures: totals, a series by period and the top offers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-03-01",
                     *       "to": "2026-03-01",
                     *       "timeZone": "America/New_York",
                     *       "granularity": "day",
                     *       "training": "exclude",
                     *       "excluded": [
                     *         "trainingOrders",
                     *         "deletedOrders"
                     *       ],
                     *       "asOf": "2026-01-31T12:00:00.000Z",
                     *       "filters": {
                     *         "offer": null,
                     *         "brand": null,
                     *         "market": null,
                     *         "serviceType": null
                     *       },
                     *       "totals": {
                     *         "itemsReceived": 1,
                     *         "itemsAccepted": 1,
                     *         "itemsRejected": 1,
                     *         "itemsCompleted": 1,
                     *         "itemsCancelled": 1,
                     *         "acceptanceRate": 0.8125,
                     *         "totalMonthlyAccepted": "1499.70",
                     *         "commissionAccrued": "1499.70",
                     *         "timeToAccept": {
                     *           "accepted": 1,
                     *           "medianSeconds": null,
                     *           "p90Seconds": null
                     *         }
                     *       },
                     *       "series": [
                     *         {
                     *           "start": "2026-03-01",
                     *           "end": "2026-03-01",
                     *           "itemsReceived": 1,
                     *           "itemsAccepted": 1,
                     *           "itemsRejected": 1,
                     *           "itemsCompleted": 1,
                     *           "itemsCancelled": 1,
                     *           "acceptanceRate": 0.8125,
                     *           "totalMonthlyAccepted": "1499.70",
                     *           "commissionAccrued": "1499.70"
                     *         }
                     *       ],
                     *       "topOffers": [
                     *         {
                     *           "offerId": "example",
                     *           "offerName": null,
                     *           "itemsReceived": 1,
                     *           "itemsAccepted": 1,
                     *           "itemsRejected": 1,
                     *           "itemsCompleted": 1,
                     *           "itemsCancelled": 1,
                     *           "acceptanceRate": 0.8125,
                     *           "totalMonthlyAccepted": "1499.70",
                     *           "commissionAccrued": "1499.70"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderAnalytics"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerAnalytics: {
        parameters: {
            query?: {
                /** @description First calendar day (YYYY-MM-DD) of the range, in `timeZone`; required */
                from?: string;
                /** @description Last calendar day (inclusive); required; at most 731 days after from, counted inclusive */
                to?: string;
                /** @description IANA time zone that decides what a day is (DST included); default UTC */
                timeZone?: string;
                /** @description Length of the series' periods: day, ISO week (Monday to Sunday) or calendar month; default day */
                granularity?: "day" | "week" | "month";
                /** @description `exclude` (default): live orders only, training orders never counted. `only`: the training view, the same figures over training orders alone (deleted orders still excluded; clicks, being live traffic, are 0), so a team can see that its training works without polluting the live figures */
                training?: "exclude" | "only";
                /** @description Only orders placed through this storefront (and its clicks) */
                storefront?: string;
                /** @description Only orders placed through this shareable link (and its clicks) */
                link?: string;
                /** @description Only items (and orders, clicks) of this provider team */
                provider?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures: totals, a series by period, storefronts and links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-03-01",
                     *       "to": "2026-03-01",
                     *       "timeZone": "America/New_York",
                     *       "granularity": "day",
                     *       "training": "exclude",
                     *       "excluded": [
                     *         "trainingOrders",
                     *         "deletedOrders"
                     *       ],
                     *       "asOf": "2026-01-31T12:00:00.000Z",
                     *       "filters": {
                     *         "storefront": null,
                     *         "link": null,
                     *         "provider": null
                     *       },
                     *       "totals": {
                     *         "ordersPlaced": 1,
                     *         "itemsByStatus": {
                     *           "pending": 1,
                     *           "handoff": 1,
                     *           "accepted": 1,
                     *           "rejected": 1,
                     *           "scheduled": 1,
                     *           "completed": 1,
                     *           "cancelled": 1
                     *         },
                     *         "totalMonthlyOrdered": "1499.70",
                     *         "totalMonthlyAccepted": "1499.70",
                     *         "commissionEarned": "1499.70",
                     *         "clicks": 1
                     *       },
                     *       "series": [
                     *         {
                     *           "start": "2026-03-01",
                     *           "end": "2026-03-01",
                     *           "ordersPlaced": 1,
                     *           "itemsByStatus": {
                     *             "pending": 1,
                     *             "handoff": 1,
                     *             "accepted": 1,
                     *             "rejected": 1,
                     *             "scheduled": 1,
                     *             "completed": 1,
                     *             "cancelled": 1
                     *           },
                     *           "totalMonthlyOrdered": "1499.70",
                     *           "totalMonthlyAccepted": "1499.70",
                     *           "commissionEarned": "1499.70"
                     *         }
                     *       ],
                     *       "storefronts": [
                     *         {
                     *           "storefrontId": "example",
                     *           "slug": "example",
                     *           "clicks": 1,
                     *           "orders": 1,
                     *           "conversion": 0.8125
                     *         }
                     *       ],
                     *       "links": [
                     *         {
                     *           "linkId": "example",
                     *           "slug": "example",
                     *           "name": null,
                     *           "clicks": 1,
                     *           "orders": 1,
                     *           "conversion": 0.8125
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ResellerAnalytics"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProviderAuditLog: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description Only entries of this action */
                action?: "member.signed_in" | "member.sign_in_failed" | "member.signed_out" | "member.signed_out_everywhere" | "member.password_changed" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "member.2fa_enabled" | "member.2fa_disabled" | "member.2fa_recovery_code_used" | "member.2fa_recovery_codes_replaced" | "team.2fa_policy_changed" | "member.password_reset_requested" | "member.password_reset" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "order.deleted" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.resent" | "webhook.recovery_started" | "webhook.test_sent" | "webhook.secret_viewed";
                /** @description Only entries of this kind of actor */
                actorType?: "member" | "api_key" | "operator";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 100 entries, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "actor": {
                     *           "type": "member",
                     *           "id": null,
                     *           "label": "ana@example.com"
                     *         },
                     *         "action": "member.signed_in",
                     *         "target": null,
                     *         "detail": "role: viewer -> developer",
                     *         "ip": null,
                     *         "userAgent": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AuditEntry"][] | components["schemas"]["AuditEntryPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getResellerAuditLog: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
                /** @description Only entries of this action */
                action?: "member.signed_in" | "member.sign_in_failed" | "member.signed_out" | "member.signed_out_everywhere" | "member.password_changed" | "member.invited" | "member.invite_revoked" | "member.joined" | "member.role_changed" | "member.removed" | "member.2fa_enabled" | "member.2fa_disabled" | "member.2fa_recovery_code_used" | "member.2fa_recovery_codes_replaced" | "team.2fa_policy_changed" | "member.password_reset_requested" | "member.password_reset" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "order.deleted" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.resent" | "webhook.recovery_started" | "webhook.test_sent" | "webhook.secret_viewed";
                /** @description Only entries of this kind of actor */
                actorType?: "member" | "api_key" | "operator";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description At most 100 entries, or a page when limit or cursor is sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "actor": {
                     *           "type": "member",
                     *           "id": null,
                     *           "label": "ana@example.com"
                     *         },
                     *         "action": "member.signed_in",
                     *         "target": null,
                     *         "detail": "role: viewer -> developer",
                     *         "ip": null,
                     *         "userAgent": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AuditEntry"][] | components["schemas"]["AuditEntryPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The team's role does not grant this endpoint class */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 403,
                     *       "message": "The team's role does not grant this endpoint class",
                     *       "error": "Forbidden"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAdminTeams: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100; asking for a page switches to the paginated envelope */
                limit?: number;
                /** @description Opaque cursor: nextCursor from the previous page, unmodified */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Teams */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": "example",
                     *         "role": "provider",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "updatedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Team"][] | components["schemas"]["TeamPage"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAdminTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "example",
                 *       "role": "provider"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTeam"];
            };
        };
        responses: {
            /** @description The team with its first key */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "role": "provider",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z",
                     *       "apiKey": {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "key": "example",
                     *         "prefix": "mk_Ab3dE9xQ",
                     *         "name": null,
                     *         "createdAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedTeam"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAdminTeamsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": "example",
                     *       "role": "provider",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "updatedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAdminTeamsByIdApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "teamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *         "name": null,
                     *         "prefix": "example",
                     *         "createdAt": "2026-01-31T12:00:00.000Z",
                     *         "lastUsedAt": "2026-01-31T12:00:00.000Z",
                     *         "revokedAt": "2026-01-31T12:00:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAdminTeamsByIdApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": null
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKey"];
            };
        };
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "key": "example",
                     *       "prefix": "mk_Ab3dE9xQ",
                     *       "name": null,
                     *       "createdAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAdminTeamsByIdApiKeysByKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "teamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                     *       "name": null,
                     *       "prefix": "example",
                     *       "createdAt": "2026-01-31T12:00:00.000Z",
                     *       "lastUsedAt": "2026-01-31T12:00:00.000Z",
                     *       "revokedAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAdminTeamsByIdInvites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@example.com",
                 *       "role": "owner"
                 *     }
                 */
                "application/json": components["schemas"]["CreateInvite"];
            };
        };
        responses: {
            /** @description The invite link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "inviteUrl": "https://market.example.com/dashboard/invite/mi_…",
                     *       "expiresAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Invite"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Well formed, but cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 422,
                     *       "message": "Well formed, but cannot be carried out",
                     *       "error": "Unprocessable Entity"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postAdminTeamsByIdPortalLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "capabilities": [
                 *         "view",
                 *         "replay"
                 *       ],
                 *       "expiresIn": 60,
                 *       "readOnly": true,
                 *       "sessionLabel": "acme-user-42",
                 *       "theme": {
                 *         "accent": "#7a1fa2",
                 *         "background": "#fdf6e3"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreatePortalLink"];
            };
        };
        responses: {
            /** @description The portal link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://market.example.com/dashboard/portal/mp_…",
                     *       "expiresAt": "2026-01-31T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalLink"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAdminTeamsByIdPortalLinks: {
        parameters: {
            query: {
                /** @description The label given at issue */
                sessionLabel: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyBody"];
            };
        };
        responses: {
            /** @description How many links and sessions ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "revoked": 1
                     *     }
                     */
                    "application/json": components["schemas"]["RevokedPortalLinks"];
                };
            };
            /** @description Validation failed: `message` lists one entry per failed constraint, field name first */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 400,
                     *       "message": [
                     *         "name must be a string"
                     *       ],
                     *       "error": "Bad Request"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Missing, malformed or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 401,
                     *       "message": "Missing, malformed or revoked API key",
                     *       "error": "Unauthorized"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found, or owned by another team */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 404,
                     *       "message": "Not found, or owned by another team",
                     *       "error": "Not Found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 413,
                     *       "message": "Body larger than the limit",
                     *       "error": "Payload Too Large"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Body sent with a content type other than application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 415,
                     *       "message": "Body sent with a content type other than application/json",
                     *       "error": "Unsupported Media Type"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Server failure; safe to retry idempotent requests */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 500,
                     *       "message": "Server failure; safe to retry idempotent requests",
                     *       "error": "Internal Server Error"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A dependency (the database) is unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 503,
                     *       "message": "A dependency (the database) is unavailable",
                     *       "error": "Service Unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eventOrderCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.created",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamIds": [
                 *           "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *         ],
                 *         "status": "submitted",
                 *         "totalMonthly": "49.99",
                 *         "customer": {
                 *           "name": "text",
                 *           "email": "ada@example.com",
                 *           "phone": "+15125550123",
                 *           "kind": "residential"
                 *         },
                 *         "serviceAddress": {
                 *           "line1": "text",
                 *           "line2": "text",
                 *           "city": "text",
                 *           "state": "TX",
                 *           "zipCode": "78701"
                 *         },
                 *         "moveInDate": "2026-02-15",
                 *         "installationDate": "2026-02-15",
                 *         "createdAt": "2026-01-31T12:00:00.000Z",
                 *         "items": [
                 *           {
                 *             "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "status": "pending",
                 *             "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "offerName": "text",
                 *             "serviceType": "internet",
                 *             "providerName": "text",
                 *             "monthlyPrice": "49.99",
                 *             "promoMonthlyPrice": "49.99",
                 *             "promoDurationMonths": 1,
                 *             "contractTermMonths": 1,
                 *             "scheduledDate": "2026-02-15",
                 *             "handoff": {
                 *               "redirectUrl": "https://provider.example/continue"
                 *             }
                 *           }
                 *         ],
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.created";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        orderId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        providerTeamIds: string[];
                        /** @enum {string} */
                        status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
                        /** @example 49.99 */
                        totalMonthly: string;
                        customer: {
                            name: string;
                            /** Format: email */
                            email: string;
                            /**
                             * @description E.164
                             * @example +15125550123
                             */
                            phone: string;
                            /** @enum {string} */
                            kind: "residential" | "business";
                        };
                        serviceAddress: {
                            line1: string;
                            line2: string | null;
                            city: string;
                            /**
                             * @description Two-letter US state code
                             * @example TX
                             */
                            state: string;
                            /** @example 78701 */
                            zipCode: string;
                        };
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        moveInDate: string | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        installationDate: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        items: {
                            /** Format: uuid */
                            orderItemId: string;
                            /** Format: uuid */
                            providerTeamId: string;
                            /** @enum {string} */
                            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                            /** Format: uuid */
                            offerId: string;
                            offerName: string;
                            /** @enum {string} */
                            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                            /** @description The brand's name, or the provider team's */
                            providerName: string;
                            /** @example 49.99 */
                            monthlyPrice: string | null;
                            /** @example 49.99 */
                            promoMonthlyPrice: string | null;
                            promoDurationMonths: number | null;
                            contractTermMonths: number | null;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD, or null
                             */
                            scheduledDate: string | null;
                            /** @description Where the customer continues with the provider, for an item in handoff; else null */
                            handoff: {
                                /** Format: uri */
                                redirectUrl: string;
                            } | null;
                        }[];
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventOrderItemCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.item.created",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "status": "pending",
                 *         "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "offerName": "text",
                 *         "serviceType": "internet",
                 *         "providerName": "text",
                 *         "monthlyPrice": "49.99",
                 *         "promoMonthlyPrice": "49.99",
                 *         "promoDurationMonths": 1,
                 *         "contractTermMonths": 1,
                 *         "scheduledDate": "2026-02-15",
                 *         "handoff": {
                 *           "redirectUrl": "https://provider.example/continue"
                 *         },
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "customer": {
                 *           "name": "text",
                 *           "email": "ada@example.com",
                 *           "phone": "+15125550123",
                 *           "kind": "residential"
                 *         },
                 *         "serviceAddress": {
                 *           "line1": "text",
                 *           "line2": "text",
                 *           "city": "text",
                 *           "state": "TX",
                 *           "zipCode": "78701"
                 *         },
                 *         "moveInDate": "2026-02-15",
                 *         "installationDate": "2026-02-15",
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.item.created";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        orderItemId: string;
                        /** Format: uuid */
                        providerTeamId: string;
                        /** @enum {string} */
                        status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                        /** Format: uuid */
                        offerId: string;
                        offerName: string;
                        /** @enum {string} */
                        serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                        /** @description The brand's name, or the provider team's */
                        providerName: string;
                        /** @example 49.99 */
                        monthlyPrice: string | null;
                        /** @example 49.99 */
                        promoMonthlyPrice: string | null;
                        promoDurationMonths: number | null;
                        contractTermMonths: number | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        scheduledDate: string | null;
                        /** @description Where the customer continues with the provider, for an item in handoff; else null */
                        handoff: {
                            /** Format: uri */
                            redirectUrl: string;
                        } | null;
                        /** Format: uuid */
                        orderId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        customer: {
                            name: string;
                            /** Format: email */
                            email: string;
                            /**
                             * @description E.164
                             * @example +15125550123
                             */
                            phone: string;
                            /** @enum {string} */
                            kind: "residential" | "business";
                        };
                        serviceAddress: {
                            line1: string;
                            line2: string | null;
                            city: string;
                            /**
                             * @description Two-letter US state code
                             * @example TX
                             */
                            state: string;
                            /** @example 78701 */
                            zipCode: string;
                        };
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        moveInDate: string | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        installationDate: string | null;
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventOrderItemStatusChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.item.status_changed",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "status": "pending",
                 *         "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "offerName": "text",
                 *         "serviceType": "internet",
                 *         "providerName": "text",
                 *         "monthlyPrice": "49.99",
                 *         "promoMonthlyPrice": "49.99",
                 *         "promoDurationMonths": 1,
                 *         "contractTermMonths": 1,
                 *         "scheduledDate": "2026-02-15",
                 *         "handoff": {
                 *           "redirectUrl": "https://provider.example/continue"
                 *         },
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "customer": {
                 *           "name": "text",
                 *           "email": "ada@example.com",
                 *           "phone": "+15125550123",
                 *           "kind": "residential"
                 *         },
                 *         "serviceAddress": {
                 *           "line1": "text",
                 *           "line2": "text",
                 *           "city": "text",
                 *           "state": "TX",
                 *           "zipCode": "78701"
                 *         },
                 *         "moveInDate": "2026-02-15",
                 *         "installationDate": "2026-02-15",
                 *         "from": "pending",
                 *         "to": "pending",
                 *         "orderStatus": "submitted",
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.item.status_changed";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        orderItemId: string;
                        /** Format: uuid */
                        providerTeamId: string;
                        /** @enum {string} */
                        status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                        /** Format: uuid */
                        offerId: string;
                        offerName: string;
                        /** @enum {string} */
                        serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                        /** @description The brand's name, or the provider team's */
                        providerName: string;
                        /** @example 49.99 */
                        monthlyPrice: string | null;
                        /** @example 49.99 */
                        promoMonthlyPrice: string | null;
                        promoDurationMonths: number | null;
                        contractTermMonths: number | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        scheduledDate: string | null;
                        /** @description Where the customer continues with the provider, for an item in handoff; else null */
                        handoff: {
                            /** Format: uri */
                            redirectUrl: string;
                        } | null;
                        /** Format: uuid */
                        orderId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        customer: {
                            name: string;
                            /** Format: email */
                            email: string;
                            /**
                             * @description E.164
                             * @example +15125550123
                             */
                            phone: string;
                            /** @enum {string} */
                            kind: "residential" | "business";
                        };
                        serviceAddress: {
                            line1: string;
                            line2: string | null;
                            city: string;
                            /**
                             * @description Two-letter US state code
                             * @example TX
                             */
                            state: string;
                            /** @example 78701 */
                            zipCode: string;
                        };
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        moveInDate: string | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        installationDate: string | null;
                        /** @enum {string} */
                        from: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                        /** @enum {string} */
                        to: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                        /**
                         * @description The order's status after the change
                         * @enum {string}
                         */
                        orderStatus: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventOrderCancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.cancelled",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamIds": [
                 *           "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21"
                 *         ],
                 *         "status": "submitted",
                 *         "totalMonthly": "49.99",
                 *         "customer": {
                 *           "name": "text",
                 *           "email": "ada@example.com",
                 *           "phone": "+15125550123",
                 *           "kind": "residential"
                 *         },
                 *         "serviceAddress": {
                 *           "line1": "text",
                 *           "line2": "text",
                 *           "city": "text",
                 *           "state": "TX",
                 *           "zipCode": "78701"
                 *         },
                 *         "moveInDate": "2026-02-15",
                 *         "installationDate": "2026-02-15",
                 *         "createdAt": "2026-01-31T12:00:00.000Z",
                 *         "items": [
                 *           {
                 *             "orderItemId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "status": "pending",
                 *             "offerId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *             "offerName": "text",
                 *             "serviceType": "internet",
                 *             "providerName": "text",
                 *             "monthlyPrice": "49.99",
                 *             "promoMonthlyPrice": "49.99",
                 *             "promoDurationMonths": 1,
                 *             "contractTermMonths": 1,
                 *             "scheduledDate": "2026-02-15",
                 *             "handoff": {
                 *               "redirectUrl": "https://provider.example/continue"
                 *             }
                 *           }
                 *         ],
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.cancelled";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        orderId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        providerTeamIds: string[];
                        /** @enum {string} */
                        status: "submitted" | "pending" | "in_progress" | "completed" | "rejected" | "cancelled";
                        /** @example 49.99 */
                        totalMonthly: string;
                        customer: {
                            name: string;
                            /** Format: email */
                            email: string;
                            /**
                             * @description E.164
                             * @example +15125550123
                             */
                            phone: string;
                            /** @enum {string} */
                            kind: "residential" | "business";
                        };
                        serviceAddress: {
                            line1: string;
                            line2: string | null;
                            city: string;
                            /**
                             * @description Two-letter US state code
                             * @example TX
                             */
                            state: string;
                            /** @example 78701 */
                            zipCode: string;
                        };
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        moveInDate: string | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD, or null
                         */
                        installationDate: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        items: {
                            /** Format: uuid */
                            orderItemId: string;
                            /** Format: uuid */
                            providerTeamId: string;
                            /** @enum {string} */
                            status: "pending" | "handoff" | "accepted" | "rejected" | "scheduled" | "completed" | "cancelled";
                            /** Format: uuid */
                            offerId: string;
                            offerName: string;
                            /** @enum {string} */
                            serviceType: "internet" | "electricity" | "natural_gas" | "tv" | "mobile" | "home_security";
                            /** @description The brand's name, or the provider team's */
                            providerName: string;
                            /** @example 49.99 */
                            monthlyPrice: string | null;
                            /** @example 49.99 */
                            promoMonthlyPrice: string | null;
                            promoDurationMonths: number | null;
                            contractTermMonths: number | null;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD, or null
                             */
                            scheduledDate: string | null;
                            /** @description Where the customer continues with the provider, for an item in handoff; else null */
                            handoff: {
                                /** Format: uri */
                                redirectUrl: string;
                            } | null;
                        }[];
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventOrderConsentRecorded: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.consent_recorded",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "consentId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "clickId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "kind": "order_contact",
                 *         "granted": false,
                 *         "disclosureVersion": "order_contact.v1",
                 *         "disclosureText": "text",
                 *         "phone": "text",
                 *         "email": "text",
                 *         "ipAddress": "text",
                 *         "userAgent": "text",
                 *         "recordedAt": "2026-01-31T12:00:00.000Z",
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.consent_recorded";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        consentId: string;
                        /** Format: uuid */
                        orderId: string | null;
                        /** Format: uuid */
                        clickId: string | null;
                        /** Format: uuid */
                        providerTeamId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        /** @enum {string} */
                        kind: "order_contact" | "marketing_calls_texts";
                        granted: boolean;
                        /** @enum {string} */
                        disclosureVersion: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
                        /** @description The disclosure exactly as shown to the customer */
                        disclosureText: string;
                        phone: string;
                        email: string | null;
                        ipAddress: string;
                        userAgent: string | null;
                        /** Format: date-time */
                        recordedAt: string;
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventOrderConsentRevoked: {
        parameters: {
            query?: never;
            header: {
                /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret) */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *       "type": "order.consent_revoked",
                 *       "version": 1,
                 *       "createdAt": "2026-01-31T12:00:00.000Z",
                 *       "data": {
                 *         "consentId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "orderId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "clickId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "providerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "resellerTeamId": "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
                 *         "kind": "order_contact",
                 *         "granted": false,
                 *         "disclosureVersion": "order_contact.v1",
                 *         "disclosureText": "text",
                 *         "phone": "text",
                 *         "email": "text",
                 *         "ipAddress": "text",
                 *         "userAgent": "text",
                 *         "recordedAt": "2026-01-31T12:00:00.000Z",
                 *         "revokedAt": "2026-01-31T12:00:00.000Z",
                 *         "revokedVia": "web_form",
                 *         "training": false,
                 *         "sequence": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The envelope id: receivers deduplicate on it
                     */
                    id: string;
                    /** @enum {string} */
                    type: "order.consent_revoked";
                    /** @enum {integer} */
                    version: 1;
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        /** Format: uuid */
                        consentId: string;
                        /** Format: uuid */
                        orderId: string | null;
                        /** Format: uuid */
                        clickId: string | null;
                        /** Format: uuid */
                        providerTeamId: string;
                        /** Format: uuid */
                        resellerTeamId: string;
                        /** @enum {string} */
                        kind: "order_contact" | "marketing_calls_texts";
                        granted: boolean;
                        /** @enum {string} */
                        disclosureVersion: "order_contact.v1" | "marketing_calls_texts.v1" | "handoff_contact.v1";
                        /** @description The disclosure exactly as shown to the customer */
                        disclosureText: string;
                        phone: string;
                        email: string | null;
                        ipAddress: string;
                        userAgent: string | null;
                        /** Format: date-time */
                        recordedAt: string;
                        /** Format: date-time */
                        revokedAt: string;
                        /** @enum {string} */
                        revokedVia: "web_form" | "provider_report";
                        /** @description true for a training order: no real customer */
                        training: boolean;
                        /** @description Strictly increasing per order: apply a change only when its sequence is above the last one */
                        sequence?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
