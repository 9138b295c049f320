/**
 * `pnpm demo` (examples/server/src/demo.ts), steps 7 and 8: a storefront order with consent, the
 * consent revoked, and the consent evidence verified offline.
 *
 * @module
 */

import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { call, detail, type Order, run, step } from "./api.js";

/** Steps 7 and 8, for the reseller's storefront and `offer` (available in `zip`). */
export async function consentSteps(
  keys: { provider: string; reseller: string },
  offer: { id: string },
  zip: string,
): Promise<void> {
  // 7. A storefront order with consent, then the consent revoked.
  step(7, "A consumer orders from the reseller's storefront with consent, then revokes it");
  const slug = `demo-${run}`;
  await call("publish the storefront", "PUT", "/reseller/storefront", {
    key: keys.reseller,
    body: { slug },
    expect: [201, 200], // 200: the team had one, now under this slug
  });
  const phone = `+1512555${String(Date.now() % 10_000).padStart(4, "0")}`;
  const shop = await call<Order>("place the storefront order", "POST", "/public/shop/orders", {
    body: {
      storefrontSlug: slug,
      items: [{ offerId: offer.id }],
      customer: { name: "Grace Hopper", email: `grace+${run}@example.com`, phone, kind: "residential" },
      serviceAddress: { line1: "2 Congress Ave", city: "Austin", state: "TX", zipCode: zip },
      consents: [
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
        { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" },
      ],
    },
    expect: 201,
  });
  detail(
    `storefront "${slug}": order ${shop.id}, ${shop.status}; consents order_contact and marketing_calls_texts granted`,
  );
  type ProviderItem = {
    order: { customer: { id: string }; consents: { kind: string; granted: boolean; revokedAt?: string | null }[] };
  };
  const shopItem = shop.items[0] as { id: string };
  const describe = (view: ProviderItem) =>
    view.order.consents
      .map((c) => `${c.kind} ${c.granted ? "granted" : "refused"}${c.revokedAt ? ", revoked" : ""}`)
      .join("; ");
  const before = await call<ProviderItem>("read the item", "GET", `/provider/orders/${shopItem.id}`, {
    key: keys.provider,
  });
  detail(`the provider sees: ${describe(before)}`);
  await call("revoke the consent", "POST", "/public/consent/revoke", { body: { phone } });
  const after = await call<ProviderItem>("read the item", "GET", `/provider/orders/${shopItem.id}`, {
    key: keys.provider,
  });
  detail(`the consumer revokes (POST /public/consent/revoke {"phone"}); the provider now sees: ${describe(after)}`);

  // 8. The consent evidence: exported by the provider, verified by anyone, offline.
  step(8, "The provider exports the consent evidence; it verifies offline against the published keys");
  type Bundle = {
    records: { granted: boolean; revocations: unknown[] }[];
    checkpoint: { seq: number; keyId: string } | null;
  };
  const bundle = await call<Bundle>(
    "export the evidence",
    "GET",
    `/provider/customers/${after.order.customer.id}/consents/evidence`,
    { key: keys.provider },
  );
  const jwks = await call<unknown>("read the published keys", "GET", "/.well-known/consent-keys.json", {});
  const revoked = bundle.records.filter((record) => record.revocations.length > 0).length;
  detail(
    `bundle: ${bundle.records.length} records (${revoked} revoked), chain position ${bundle.checkpoint?.seq} signed by key ${bundle.checkpoint?.keyId}`,
  );
  const genuine = await verifyConsentEvidence(bundle, jwks);
  detail(`verifyConsentEvidence: ${genuine.valid ? "valid" : `NOT valid: ${genuine.problems.join("; ")}`}`);
  const edited = structuredClone(bundle);
  if (edited.records[0]) edited.records[0].granted = !edited.records[0].granted;
  const forged = await verifyConsentEvidence(edited, jwks);
  detail(`a copy with one granted flag flipped: ${forged.valid ? "valid (!)" : `refused (${forged.problems[0]})`}`);
}
