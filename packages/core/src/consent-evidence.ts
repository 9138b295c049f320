/**
 * Consent evidence bundles and their offline verification, with Web Crypto only: import this entry
 * point (`@marketplace/core/consent-evidence`) on Node 20+, Deno, Bun or in a browser, with no other
 * dependency and no network.
 *
 * A bundle (`GET /provider/customers/{customerId}/consents/evidence`) holds a provider team's consent
 * records about one customer, each with its revocations, their positions and hashes in the team's
 * hash chain, the chain links from the first of them to a checkpoint, and the checkpoint's Ed25519
 * signature. `verifyConsentEvidence` recomputes every digest and link from the records as they stand
 * in the bundle and checks the signature against the service's published keys
 * (`GET /.well-known/consent-keys.json`): any edited text, time, phone, IP address, version or flag,
 * a removed revocation or reordered entries make it fail.
 *
 * The format, with the exact bytes hashed and signed, is specified in the repository's
 * `docs/consent-evidence-format.md`; this verifier implements that page.
 *
 * @example
 * // verifyConsentEvidence imported from this entry point
 * const keys = await (await fetch("https://api.example.com/.well-known/consent-keys.json")).json();
 * const result = await verifyConsentEvidence(JSON.parse(bundleText), keys);
 * if (!result.valid) throw new Error(`evidence refused: ${result.problems.join("; ")}`);
 *
 * @module
 */

export * from "./consents/evidence-bundle.ts";
