import { describe, expect, it } from "vitest";
import {
  CONSENT_EVIDENCE_FORMAT,
  type ConsentEvidenceBundle,
  DISCLOSURE_STATEMENT,
  type EvidenceRecord,
  verifyConsentEvidence,
} from "./consent-evidence.ts";
import {
  type ChainHead,
  type ConsentLedgerPayload,
  chainEntries,
  checkpointMessage,
  GENESIS_HASH,
  generateSigningKey,
  publicKeyOf,
  type RecordedEntry,
  signWithKey,
} from "./consents/index.ts";

const TEAM = "7d0c1c1e-5b7e-4c1a-9d36-0c8a4c6f1a01";
const RESELLER = "2f5e9a44-8e1d-4a8b-bf0c-1d3a6e7b9c02";
const CUSTOMER = "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d05";

function recorded(consentId: string, overrides: Partial<RecordedEntry> = {}): RecordedEntry {
  return {
    type: "consent_recorded",
    consentId,
    providerTeamId: TEAM,
    resellerTeamId: RESELLER,
    orderId: "c0ffee00-0000-4000-8000-000000000001",
    clickId: null,
    customerId: CUSTOMER,
    kind: "marketing_calls_texts",
    granted: true,
    disclosureVersion: "marketing_calls_texts.v1",
    disclosureText: "By checking this box you agree that Acme Fiber may call and text you…",
    phone: "+15125550123",
    email: "ada@example.com",
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0",
    isTraining: false,
    recordedAt: "2026-11-20T10:00:00.000Z",
    storefrontId: null,
    linkId: "d4e5f6a7-b8c9-4dab-8cde-f0a1b2c3d406",
    offerIds: ["e5f6a7b8-c9d0-4ebc-9def-a1b2c3d4e507"],
    pageUrl: "https://shop.example.com/fiber",
    ...overrides,
  };
}

const A = "a0000000-0000-4000-8000-00000000000a";
const B = "b0000000-0000-4000-8000-00000000000b";
const X = "f0000000-0000-4000-8000-00000000000f";

/** A chain with the customer's records A (revoked) and B among another consumer's entries, signed. */
async function genuine() {
  const key = await generateSigningKey();
  const publicKey = await publicKeyOf(key);
  const payloads: ConsentLedgerPayload[] = [
    recorded(X, { customerId: null, phone: "+15125559999" }),
    recorded(A, { kind: "order_contact", disclosureVersion: "order_contact.v1" }),
    recorded(X.replace("f0", "f1"), { customerId: null, phone: "+15125558888" }),
    {
      type: "consent_revoked",
      consentId: A,
      providerTeamId: TEAM,
      revokedAt: "2026-11-21T08:00:00.000Z",
      revokedVia: "web_form",
    },
    recorded(B, { granted: false }),
    {
      type: "consent_revoked",
      consentId: X,
      providerTeamId: TEAM,
      revokedAt: "2026-11-22T08:00:00.000Z",
      revokedVia: "provider_report",
    },
  ];
  const start: ChainHead = { providerTeamId: TEAM, seq: 0, hash: GENESIS_HASH };
  const { entries, heads } = await chainEntries([start], payloads);
  const head = heads[0] as ChainHead;
  const unsigned = {
    providerTeamId: TEAM,
    seq: head.seq,
    hash: head.hash,
    signedAt: "2026-11-23T00:00:00.000Z",
    keyId: publicKey.kid,
  };
  const signature = await signWithKey(key, checkpointMessage(unsigned));
  const at = (seq: number) => entries[seq - 1] as (typeof entries)[number];
  const record = (seq: number): EvidenceRecord => {
    const { type: _type, ...fields } = JSON.parse(at(seq).payload) as RecordedEntry;
    return { ...fields, seq, hash: at(seq).hash, revocations: [] };
  };
  const recordA = record(2);
  recordA.revocations.push({ revokedAt: "2026-11-21T08:00:00.000Z", revokedVia: "web_form", seq: 4, hash: at(4).hash });
  const bundle: ConsentEvidenceBundle = {
    format: CONSENT_EVIDENCE_FORMAT,
    generatedAt: "2026-11-23T00:00:01.000Z",
    providerTeamId: TEAM,
    customerId: CUSTOMER,
    statement: DISCLOSURE_STATEMENT,
    records: [recordA, record(5)],
    chain: {
      fromSeq: 2,
      prevHash: at(1).hash,
      links: entries.slice(1).map(({ seq, consentId, digest }) => ({ seq, consentId, digest })),
    },
    checkpoint: { ...unsigned, signature },
    keys: { keys: [publicKey] },
  };
  return { bundle, keys: { keys: [publicKey] } };
}

const copy = (bundle: ConsentEvidenceBundle): ConsentEvidenceBundle => JSON.parse(JSON.stringify(bundle));

describe("verifyConsentEvidence", () => {
  it("accepts a genuine bundle", async () => {
    const { bundle, keys } = await genuine();
    expect(await verifyConsentEvidence(bundle, keys)).toEqual({
      valid: true,
      records: 2,
      checkpoint: { seq: 6, signedAt: "2026-11-23T00:00:00.000Z", keyId: keys.keys[0]?.kid },
    });
    // As sent over the wire.
    expect((await verifyConsentEvidence(JSON.parse(JSON.stringify(bundle)), keys)).valid).toBe(true);
  });

  const edits: Array<[string, (b: ConsentEvidenceBundle) => void]> = [
    ["disclosure text", (b) => ((b.records[0] as EvidenceRecord).disclosureText += " (amended)")],
    ["disclosure version", (b) => ((b.records[1] as EvidenceRecord).disclosureVersion = "handoff_contact.v1")],
    ["recorded time", (b) => ((b.records[0] as EvidenceRecord).recordedAt = "2026-11-19T10:00:00.000Z")],
    ["phone", (b) => ((b.records[0] as EvidenceRecord).phone = "+15125550124")],
    ["IP address", (b) => ((b.records[1] as EvidenceRecord).ipAddress = "198.51.100.1")],
    ["granted flag", (b) => ((b.records[1] as EvidenceRecord).granted = true)],
    ["kind", (b) => ((b.records[1] as EvidenceRecord).kind = "order_contact")],
    ["e-mail", (b) => ((b.records[1] as EvidenceRecord).email = "eve@example.com")],
    ["user agent", (b) => ((b.records[1] as EvidenceRecord).userAgent = null)],
    ["page URL", (b) => ((b.records[0] as EvidenceRecord).pageUrl = "https://other.example.com/")],
    ["offers", (b) => ((b.records[0] as EvidenceRecord).offerIds = [])],
    [
      "revocation time",
      (b) =>
        (((b.records[0] as EvidenceRecord).revocations[0] as { revokedAt: string }).revokedAt =
          "2026-12-01T00:00:00.000Z"),
    ],
    [
      "revocation channel",
      (b) =>
        (((b.records[0] as EvidenceRecord).revocations[0] as { revokedVia: string }).revokedVia = "provider_report"),
    ],
    ["a removed revocation", (b) => ((b.records[0] as EvidenceRecord).revocations = [])],
    [
      "a removed revocation and a forged link",
      (b) => {
        (b.records[0] as EvidenceRecord).revocations = [];
        const link = b.chain.links.find((l) => l.seq === 4) as { consentId: string };
        link.consentId = X;
      },
    ],
    ["reordered records", (b) => b.records.reverse()],
    [
      "swapped positions",
      (b) => {
        const [r0, r1] = b.records as [EvidenceRecord, EvidenceRecord];
        [r0.seq, r1.seq] = [r1.seq, r0.seq];
        b.records.reverse();
      },
    ],
    ["reordered links", (b) => b.chain.links.reverse()],
    ["a removed link", (b) => b.chain.links.splice(1, 1)],
    ["the checkpoint's head", (b) => ((b.checkpoint as { seq: number }).seq = 5)],
    ["the checkpoint's time", (b) => ((b.checkpoint as { signedAt: string }).signedAt = "2027-01-01T00:00:00.000Z")],
    [
      "the signature",
      (b) =>
        ((b.checkpoint as { signature: string }).signature =
          `${(b.checkpoint as { signature: string }).signature.slice(0, -4)}AAAA`),
    ],
    ["the chain's start", (b) => (b.chain.prevHash = GENESIS_HASH)],
    ["a record's hash", (b) => ((b.records[1] as EvidenceRecord).hash = GENESIS_HASH)],
    ["another team", (b) => ((b.records[0] as EvidenceRecord).providerTeamId = RESELLER)],
    [
      "an added, unsigned field",
      (b) => Object.assign(b.records[1] as EvidenceRecord, { verifiedIdentity: "passport checked" }),
    ],
    [
      "an added, unsigned revocation field",
      (b) => Object.assign((b.records[0] as EvidenceRecord).revocations[0] as object, { note: "consumer called" }),
    ],
  ];

  for (const [what, edit] of edits) {
    it(`refuses a bundle with an altered ${what}`, async () => {
      const { bundle, keys } = await genuine();
      const altered = copy(bundle);
      edit(altered);
      const result = await verifyConsentEvidence(altered, keys);
      expect(result.valid, JSON.stringify(result)).toBe(false);
    });
  }

  it("refuses a bundle signed by a key that is not published", async () => {
    const { bundle } = await genuine();
    const other = await publicKeyOf(await generateSigningKey());
    expect(await verifyConsentEvidence(bundle, { keys: [other] })).toEqual({
      valid: false,
      problems: [`the checkpoint's key ${bundle.checkpoint?.keyId} is not among the published keys`],
    });
  });

  it("refuses a published key whose id is another key's", async () => {
    const { bundle, keys } = await genuine();
    const other = await publicKeyOf(await generateSigningKey());
    const forged = { keys: [{ ...other, kid: keys.keys[0]?.kid }] };
    expect((await verifyConsentEvidence(bundle, forged)).valid).toBe(false);
  });

  it("reports malformed input instead of throwing", async () => {
    const { keys } = await genuine();
    expect(await verifyConsentEvidence(null, keys)).toEqual({
      valid: false,
      problems: ["the bundle is not a JSON object"],
    });
    expect(
      (
        await verifyConsentEvidence(
          { format: CONSENT_EVIDENCE_FORMAT, records: [{}], chain: { links: [] }, checkpoint: {} },
          keys,
        )
      ).valid,
    ).toBe(false);
    expect((await verifyConsentEvidence((await genuine()).bundle, "keys")).valid).toBe(false);
  });

  it("accepts a bundle without records and without a checkpoint", async () => {
    const { bundle, keys } = await genuine();
    const empty = {
      ...copy(bundle),
      records: [],
      chain: { fromSeq: 1, prevHash: GENESIS_HASH, links: [] },
      checkpoint: null,
    };
    expect(await verifyConsentEvidence(empty, keys)).toEqual({ valid: true, records: 0, checkpoint: null });
  });
});
