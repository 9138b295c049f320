/**
 * Consent records as a provider reads them: a table of decisions, and the state per kind.
 *
 * @module
 */

import { CONSENT_KINDS, type ConsentKind, type ConsentRecord } from "@marketplace/core";
import { type ConsentKindState, consentKindState } from "@marketplace/core/consents";
import { When } from "../../ui/layout.tsx";
import { Table } from "../../ui/table.tsx";

/** The consent kinds as people read them. */
export const CONSENT_KIND_LABELS: Record<ConsentKind, string> = {
  order_contact: "Contact about the order",
  marketing_calls_texts: "Marketing calls and texts",
};

const VIA_LABELS: Record<string, string> = {
  web_form: "the public withdrawal form",
  provider_report: "your STOP or do-not-call report",
};

/** The state of one kind: the core's from the latest decision, or none recorded. */
export type KindState = ConsentKindState | "none";

/** The state per kind from the records (the latest decision of each kind counts). */
export function consentStates(records: readonly ConsentRecord[]): Record<ConsentKind, KindState> {
  const states = {} as Record<ConsentKind, KindState>;
  for (const kind of CONSENT_KINDS) {
    const latest = records
      .filter((record) => record.kind === kind)
      .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0];
    states[kind] = latest ? consentKindState(latest) : "none";
  }
  return states;
}

const STATE_LABELS: Record<KindState, string> = {
  granted: "Granted",
  declined: "Declined",
  revoked: "Revoked",
  none: "None recorded",
};

/** One kind's state as a badge (its words, then its colour). */
export function KindBadge({ state }: { state: KindState }) {
  if (state === "none") return <span class="muted">{STATE_LABELS.none}</span>;
  return <span class={`badge ${state === "granted" ? "verified" : "unsubscribed"}`}>{STATE_LABELS[state]}</span>;
}

/** The state per kind as badges. */
export function ConsentStates({ records }: { records: readonly ConsentRecord[] }) {
  const states = consentStates(records);
  return (
    <dl class="facts">
      {CONSENT_KINDS.map((kind) => (
        <>
          <dt>{CONSENT_KIND_LABELS[kind]}</dt>
          <dd>
            <KindBadge state={states[kind]} />
          </dd>
        </>
      ))}
    </dl>
  );
}

/** The decisions, each with its disclosure text and revocation. */
export function ConsentTable(props: { consents: readonly ConsentRecord[]; caption: string }) {
  if (props.consents.length === 0) return <p class="muted">No consent decision names your team here.</p>;
  return (
    <Table caption={props.caption} headers={["Kind", "Decision", "Phone", "Recorded", "Revoked", "Disclosure"]}>
      {props.consents.map((record) => (
        <tr>
          <td>{CONSENT_KIND_LABELS[record.kind] ?? record.kind}</td>
          <td>{record.granted ? "Granted" : "Declined"}</td>
          <td>{record.phone}</td>
          <td>
            <When at={record.recordedAt} />
          </td>
          <td>
            {record.revokedAt ? (
              <>
                <When at={record.revokedAt} /> through {VIA_LABELS[record.revokedVia ?? ""] ?? record.revokedVia}
              </>
            ) : (
              <span class="muted">no</span>
            )}
          </td>
          <td>
            <details class="disclosure">
              <summary>{record.disclosureVersion}</summary>
              <p>{record.disclosureText}</p>
            </details>
          </td>
        </tr>
      ))}
    </Table>
  );
}
