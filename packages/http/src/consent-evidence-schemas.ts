/**
 * Schemas of the consent ledger's endpoints: the published keys (JWKS) and the evidence bundle.
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import { CONSENT_KINDS } from "@marketplace/core";
import { CONSENT_EVIDENCE_FORMAT } from "@marketplace/core/consent-evidence";
import { DISCLOSURE_VERSIONS, REVOCATION_CHANNELS } from "@marketplace/core/consents";
import { Id, Timestamp } from "./schemas.ts";

/** Where the bundle format is specified (the exact bytes hashed and signed). */
export const CONSENT_EVIDENCE_FORMAT_DOC = "docs/consent-evidence-format.md";

const Hash = z.string().openapi({
  description: `SHA-256, lowercase hex, of the UTF-8 bytes of RFC 8785 canonical JSON (which JSON: ${CONSENT_EVIDENCE_FORMAT_DOC})`,
  example: "9f86d081884c7d65…",
});
const Seq = z.int().openapi({ description: "Position in the provider team's chain (1, 2, …)" });

export const ConsentPublicKeySchema = z
  .object({
    kty: z.literal("OKP"),
    crv: z.literal("Ed25519"),
    x: z.string().openapi({ description: "The public key, base64url" }),
    kid: z.string().openapi({ description: "RFC 7638 thumbprint of the key" }),
    alg: z.literal("EdDSA"),
    use: z.literal("sig"),
  })
  .openapi("ConsentPublicKey");

export const ConsentKeySetSchema = z
  .object({
    keys: z.array(ConsentPublicKeySchema).openapi({
      description: "Every key that ever signed a checkpoint, retired ones included, oldest first",
    }),
  })
  .openapi("ConsentKeySet");

const EvidenceRevocationSchema = z
  .object({ revokedAt: Timestamp, revokedVia: z.enum(REVOCATION_CHANNELS), seq: Seq, hash: Hash })
  .openapi("EvidenceRevocation");

const EvidenceRecordSchema = z
  .object({
    consentId: Id,
    providerTeamId: Id,
    resellerTeamId: Id,
    orderId: Id.nullable(),
    clickId: Id.nullable(),
    customerId: Id.nullable(),
    kind: z.enum(CONSENT_KINDS),
    granted: z.boolean(),
    disclosureVersion: z.enum(DISCLOSURE_VERSIONS),
    disclosureText: z.string().openapi({
      description: "The wording the service rendered server-side from disclosureVersion and the provider's name",
    }),
    phone: z.string(),
    email: z.string().nullable(),
    ipAddress: z.string(),
    userAgent: z.string().nullable(),
    isTraining: z.boolean(),
    recordedAt: Timestamp,
    storefrontId: Id.nullable().openapi({ description: "The storefront the decision came through, or null" }),
    linkId: Id.nullable().openapi({ description: "The shareable link the decision came through, or null" }),
    offerIds: z.array(Id).openapi({ description: "The team's offers of the order, or the clicked offer" }),
    pageUrl: z.string().nullable().openapi({ description: "The page URL the client sent, or null" }),
    seq: Seq,
    hash: Hash,
    revocations: z.array(EvidenceRevocationSchema),
  })
  .openapi("EvidenceRecord");

export const ConsentEvidenceSchema = z
  .object({
    format: z.literal(CONSENT_EVIDENCE_FORMAT),
    generatedAt: Timestamp,
    providerTeamId: Id,
    customerId: Id,
    statement: z.string().openapi({ description: "What the disclosure text is" }),
    records: z.array(EvidenceRecordSchema).openapi({ description: "In chain order" }),
    chain: z
      .object({
        fromSeq: Seq,
        prevHash: Hash,
        links: z.array(z.object({ seq: Seq, consentId: Id, digest: Hash })).openapi({
          description: "Every link from fromSeq to the checkpoint; other consumers' entries show only their digest",
        }),
      })
      .openapi({ description: "The chain links from the first record to the checkpoint" }),
    checkpoint: z
      .object({
        providerTeamId: Id,
        seq: Seq,
        hash: Hash,
        signedAt: Timestamp,
        keyId: z.string(),
        signature: z.string().openapi({
          description: `Ed25519 (base64url, no padding) of the UTF-8 bytes of the canonical checkpoint message (${CONSENT_EVIDENCE_FORMAT_DOC}, section 5)`,
        }),
      })
      .nullable()
      .openapi({ description: "The signed chain head the links lead to; null only when there are no records" }),
    keys: ConsentKeySetSchema,
  })
  .openapi("ConsentEvidence", {
    description:
      `Consent evidence bundle, format ${CONSENT_EVIDENCE_FORMAT}, specified in ${CONSENT_EVIDENCE_FORMAT_DOC} of the ` +
      "service's repository: which bytes each entry and link hashes, which bytes the checkpoint signature covers, " +
      "and the checks a verifier makes, enough to write an independent verifier.",
  });
