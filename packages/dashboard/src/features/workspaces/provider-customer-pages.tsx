/**
 * The provider's customer pages: the list with the team's unsubscribe flag, and a customer with
 * consent state per kind, the report form and the verified evidence bundle.
 *
 * @module
 */

import {
  CONSENT_KINDS,
  type ConsentKind,
  type ConsentRecord,
  type Member,
  type ProviderCustomer,
  type Team,
} from "@marketplace/core";
import type { EvidenceVerification } from "@marketplace/core/consent-evidence";
import type { ConsentKindState } from "@marketplace/core/consents";
import type { ProviderCustomerDetail } from "@marketplace/core/customers";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable, Table } from "../../ui/table.tsx";
import { CONSENT_KIND_LABELS, ConsentStates, ConsentTable, KindBadge } from "./consent-parts.tsx";
import { canWork, StatusBadge, shortId, TrainingBadge } from "./shared.tsx";

/** The team's unsubscribe flag as a badge (words, then colour). */
function Unsubscribed({ at }: { at: Date | null }) {
  if (!at) return <span class="muted">no</span>;
  return (
    <>
      <span class="badge unsubscribed">Unsubscribed</span> <When at={at} />
    </>
  );
}

/** Customers who ordered the team's offers, newest first. */
export function CustomersPage(props: {
  ctx: PageContext;
  customers: ProviderCustomer[];
  states: Map<string, Partial<Record<ConsentKind, ConsentKindState>>>;
  first: string;
  next: string | null;
  onFirst: boolean;
}) {
  const { ctx, customers } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/provider/customers`;
  return (
    <Layout ctx={ctx} title="Customers and consent" current="provider-customers">
      <h1>Customers and consent</h1>
      <p class="muted">
        People who ordered your offers (training orders create none). Open a customer for their consent per kind, to
        record a STOP or do-not-call report, or to export the consent evidence.
      </p>
      <KeysetTable
        page={props}
        rows={customers}
        empty="No customers yet."
        more="No more customers."
        caption="Customers, newest first, with their latest consent decision per kind and your team's unsubscribe flag"
        headers={[
          "Name",
          "E-mail",
          "Phone",
          "Kind",
          ...CONSENT_KINDS.map((kind) => CONSENT_KIND_LABELS[kind]),
          "Unsubscribed from your team",
        ]}
        row={(customer) => (
          <tr>
            <td>
              <a href={`${path}/${customer.id}`}>{customer.name}</a>
            </td>
            <td>{customer.email}</td>
            <td>{customer.phone}</td>
            <td>{customer.kind}</td>
            {CONSENT_KINDS.map((kind) => (
              <td>
                <KindBadge state={props.states.get(customer.id)?.[kind] ?? "none"} />
              </td>
            ))}
            <td>
              <Unsubscribed at={customer.unsubscribedAt} />
            </td>
          </tr>
        )}
      />
    </Layout>
  );
}

/** What the verifier said, beside the download. */
function Verification({ verification }: { verification: EvidenceVerification }) {
  if (!verification.valid) {
    return (
      <div class="notice bad" role="alert" id="evidence-result">
        <span class="badge failed">Not verified</span> {verification.problems.join("; ")}
      </div>
    );
  }
  const { checkpoint } = verification;
  return (
    <div class="notice" id="evidence-result">
      <span class="badge verified">Verified</span> with the published keys: {verification.records}{" "}
      {verification.records === 1 ? "record" : "records"}
      {checkpoint ? (
        <>
          , chained to checkpoint {checkpoint.seq} signed {checkpoint.signedAt} with key <code>{checkpoint.keyId}</code>
        </>
      ) : (
        " (no record yet, so nothing to sign)"
      )}
      .
    </div>
  );
}

/** One customer with consent state, report and evidence. */
export function CustomerPage(props: {
  ctx: PageContext;
  detail: ProviderCustomerDetail;
  consents: ConsentRecord[];
  evidence: { verification: EvidenceVerification };
  notice?: string | undefined;
}) {
  const { ctx, detail } = props;
  const { customer } = detail;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/provider/customers/${customer.id}`;
  const itemsPath = `${ctx.base}/teams/${team.id}/provider/orders`;
  return (
    <Layout ctx={ctx} title={customer.name} current="provider-customers">
      <p>
        <a href={`${ctx.base}/teams/${team.id}/provider/customers`}>Customers and consent</a>
      </p>
      <h1>{customer.name}</h1>
      <Notice text={props.notice} />
      <dl class="facts">
        <dt>E-mail</dt>
        <dd>{customer.email}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone}</dd>
        <dt>Kind</dt>
        <dd>{customer.kind}</dd>
        <dt>Unsubscribed from your team</dt>
        <dd>
          <Unsubscribed at={customer.unsubscribedAt} />
        </dd>
      </dl>
      <h2>Consent per kind</h2>
      <ConsentStates records={props.consents} />
      <ConsentTable consents={props.consents} caption="Every decision naming your team, with its disclosure" />
      <h2>STOP or do-not-call</h2>
      {canWork(ctx.member as Member) ? (
        <form
          method="post"
          action={`${path}/consent/revoke`}
          class="stack"
          data-confirm={`Record a STOP or do-not-call report for ${customer.name}? Every consent naming your team is revoked.`}
        >
          <p>
            When the customer asks you to stop calling or texting, record it here: every consent naming your team for
            this customer is revoked, the customer is flagged unsubscribed for your team only, and your webhooks get{" "}
            <code>order.consent_revoked</code> for each record. Contact about an order they placed stays allowed.
          </p>
          <div>
            <button type="submit" class="danger">
              Record a STOP or do-not-call report
            </button>
          </div>
        </form>
      ) : (
        <p>Your role can read consents but not record a report.</p>
      )}
      <h2>Consent evidence</h2>
      <p>
        A signed bundle of every consent record naming your team about this customer, for a regulator or a court. Anyone
        can check it offline with <code>verifyConsentEvidence</code> of <code>@marketplace/core/consent-evidence</code>{" "}
        and the keys at <code>/.well-known/consent-keys.json</code>; the dashboard checks it the same way before showing
        or sending it.
      </p>
      <div class="actions">
        <a class="button secondary" href={`${path}/consent/evidence`} download>
          Download the evidence bundle (JSON)
        </a>
      </div>
      <Verification verification={props.evidence.verification} />
      <h2>Items on your offers</h2>
      <Table caption="What this customer ordered from you" headers={["Item", "Offer", "Status", "Ordered"]}>
        {detail.items.map((row) => (
          <tr>
            <td>
              <a href={`${itemsPath}/${row.id}`} aria-label={`Item ${shortId(row.id)}`}>
                <code>{shortId(row.id)}</code>
              </a>{" "}
              <TrainingBadge training={row.item.isTraining} />
            </td>
            <td>{row.item.offer.offerName}</td>
            <td>
              <StatusBadge status={row.item.status} kind="item" />
            </td>
            <td>
              <When at={row.item.createdAt} />
            </td>
          </tr>
        ))}
      </Table>
    </Layout>
  );
}
