/**
 * The provider's customers and their consent: the list with the team's unsubscribe flag, a
 * customer's page with the consent state per kind, the STOP or do-not-call report, and the evidence
 * bundle, verified against the published keys by the offline verifier before it is shown or sent.
 *
 * @module
 */

import type { ConsentRecord, Principal } from "@marketplace/core";
import type { ConsentEvidenceBundle, EvidenceVerification } from "@marketplace/core/consent-evidence";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import { CustomerPage, CustomersPage } from "./provider-customer-pages.tsx";
import { badCursor, keysetRows, noticeOf, pageOf, requireWork } from "./shared.tsx";

/** A bundle exactly as downloaded (its JSON text) and what the offline verifier says of it. */
export interface VerifiedEvidence {
  text: string;
  bundle: ConsentEvidenceBundle;
  verification: EvidenceVerification;
}

/**
 * Builds the customer's evidence bundle and verifies its JSON text, as a user would verify the
 * downloaded file: `verifyConsentEvidence` of `@marketplace/core/consent-evidence` against the keys
 * the service publishes (`GET /.well-known/consent-keys.json`), not the copy inside the bundle.
 */
export async function verifiedEvidence(kit: Kit, principal: Principal, customerId: string): Promise<VerifiedEvidence> {
  const [bundle, keys] = await Promise.all([
    kit.marketplace.consentEvidence.evidence(principal, customerId),
    kit.marketplace.consentEvidence.publicKeys(),
  ]);
  const text = JSON.stringify(bundle, null, 2);
  const verification = await verifyConsentEvidence(JSON.parse(text), JSON.parse(JSON.stringify(keys)));
  return { text, bundle, verification };
}

/** Registers `/teams/:teamId/provider/customers…`. */
export function registerProviderCustomers(app: DashboardApp, kit: Kit): void {
  const listPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/provider/customers");

  app.get("/teams/:teamId/provider/customers", async (c) => {
    const cursor = c.req.query("cursor");
    const page = pageOf("provider-customers", cursor);
    if (!page) return badCursor(kit, c, listPath(c));
    const principal = kit.principal(c);
    const result = await kit.marketplace.customers.listForProvider(principal, page);
    const { rows: customers, page: links } = keysetRows(result, listPath(c), {}, cursor);
    const states = await kit.marketplace.consents.statesForCustomers(
      principal,
      customers.map((customer) => customer.id),
    );
    return kit.render(c, <CustomersPage ctx={kit.pageContext(c)} customers={customers} states={states} {...links} />);
  });

  app.get("/teams/:teamId/provider/customers/:customerId", async (c) => {
    const principal = kit.principal(c);
    const detail = await kit.marketplace.customers.getForProvider(principal, c.req.param("customerId"));
    const orderIds = [...new Set(detail.items.map((row) => row.order.id))];
    const [consentLists, evidence] = await Promise.all([
      Promise.all(orderIds.map((orderId) => kit.marketplace.consents.listForOrder(principal, orderId))),
      verifiedEvidence(kit, principal, detail.customer.id),
    ]);
    const consents: ConsentRecord[] = consentLists.flat();
    return kit.render(
      c,
      <CustomerPage
        ctx={kit.pageContext(c)}
        detail={detail}
        consents={consents}
        evidence={evidence}
        notice={noticeOf(c)}
      />,
    );
  });

  // The spec's provider report: a STOP or do-not-call request (idempotent).
  app.post("/teams/:teamId/provider/customers/:customerId/consent/revoke", async (c) => {
    requireWork(kit, c);
    const detail = await kit.marketplace.customers.revokeConsents(kit.principal(c), c.req.param("customerId"));
    return c.redirect(`${listPath(c)}/${detail.customer.id}?notice=reported`, 303);
  });

  // The download: sent only once the offline verifier has accepted these very bytes.
  app.get("/teams/:teamId/provider/customers/:customerId/consent/evidence", async (c) => {
    const customerId = c.req.param("customerId");
    const evidence = await verifiedEvidence(kit, kit.principal(c), customerId);
    if (!evidence.verification.valid) {
      kit.logger.error("dashboard: a consent evidence bundle failed verification", {
        customerId,
        problems: evidence.verification.problems.join("; "),
      });
      return kit.message(
        c,
        500,
        "The evidence could not be verified",
        <p>Nothing was downloaded. Tell the operator: the bundle did not pass the verifier.</p>,
      );
    }
    return c.body(evidence.text, 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="consent-evidence-${evidence.bundle.customerId}.json"`,
      "cache-control": "no-store",
    });
  });
}
