import { createHash, createPublicKey, randomUUID, verify } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";
import { createPublicApp, type PublicApp, publishOffer } from "../public-app.ts";

// docs/consent-evidence-format.md says a verifier written from that page alone verifies a bundle.
// `independentVerify` below is that verifier: written from the page, with node:crypto only and no
// import of the project (the project's code is used only to export the bundle through the real API
// over PostgreSQL, and to check that its own verifier agrees).

// ---------------------------------------------------------------------------------------------
// The independent verifier (docs/consent-evidence-format.md, sections 1 to 5).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** RFC 8785: members sorted by UTF-16 code units, no whitespace, strings and numbers as JSON.stringify. */
export function jcs(value: Json): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("not JSON");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(",")}]`;
  const names = Object.keys(value).sort(); // default sort: UTF-16 code unit order
  return `{${names.map((name) => `${JSON.stringify(name)}:${jcs(value[name] as Json)}`).join(",")}}`;
}

export const sha256hex = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
export const b64u = (bytes: Buffer) => bytes.toString("base64url");

export const RECORD_MEMBERS = [
  "consentId",
  "providerTeamId",
  "resellerTeamId",
  "orderId",
  "clickId",
  "customerId",
  "kind",
  "granted",
  "disclosureVersion",
  "disclosureText",
  "phone",
  "email",
  "ipAddress",
  "userAgent",
  "isTraining",
  "recordedAt",
  "storefrontId",
  "linkId",
  "offerIds",
  "pageUrl",
];
export const REVOCATION_MEMBERS = ["revokedAt", "revokedVia", "seq", "hash"];

/** §2: the link hash of position `seq`. */
export function linkHash(consentId: string, digest: string, prev: string, seq: number): string {
  return sha256hex(jcs({ consentId, digest, prev, seq }));
}

/** §5: the bytes a checkpoint's signature covers. */
export function checkpointMessage(cp: Record<string, Json>): string {
  return jcs({
    type: "marketplace.consent-checkpoint.v1",
    providerTeamId: cp.providerTeamId as string,
    seq: cp.seq as number,
    hash: cp.hash as string,
    signedAt: cp.signedAt as string,
    keyId: cp.keyId as string,
  });
}

export const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1;
export const sameMembers = (o: Record<string, unknown>, names: string[]) =>
  Object.keys(o).length === names.length && names.every((n) => Object.hasOwn(o, n));

/** §4, steps 1 to 6: the problems found (empty: valid). */
export function independentVerify(bundle: Record<string, Json>, jwks: { keys: Record<string, Json>[] }): string[] {
  const problems: string[] = [];
  if (bundle.format !== "marketplace.consent-evidence.v1") return ["format"];
  const records = bundle.records as Record<string, Json>[];
  const chain = bundle.chain as Record<string, Json>;
  const cp = bundle.checkpoint as Record<string, Json> | null;
  if (records.length === 0 && cp === null) return [];
  if (cp === null || cp.providerTeamId !== bundle.providerTeamId) return ["checkpoint"];

  // Step 3: shown entries.
  const shown = new Map<number, { consentId: string; digest: string; hash: Json }>();
  const shownConsents = new Set<string>();
  let lastRecordSeq = 0;
  for (const record of records) {
    const members = [...RECORD_MEMBERS, "seq", "hash", "revocations"];
    if (!sameMembers(record, members)) problems.push(`record members ${Object.keys(record).join(",")}`);
    if (record.providerTeamId !== bundle.providerTeamId) problems.push("record of another team");
    if (!isInt(record.seq) || record.seq <= lastRecordSeq) problems.push("record order");
    lastRecordSeq = record.seq as number;
    const entry: Record<string, Json> = { type: "consent_recorded" };
    for (const name of RECORD_MEMBERS) entry[name] = record[name] as Json;
    const put = (seq: number, digest: string, hash: Json) => {
      if (shown.has(seq)) problems.push(`position ${seq} twice`);
      shown.set(seq, { consentId: record.consentId as string, digest, hash });
    };
    put(record.seq as number, sha256hex(jcs(entry)), record.hash as Json);
    shownConsents.add(record.consentId as string);
    let after = record.seq as number;
    for (const revocation of record.revocations as Record<string, Json>[]) {
      if (!sameMembers(revocation, REVOCATION_MEMBERS)) problems.push("revocation members");
      if (!isInt(revocation.seq) || revocation.seq <= after) problems.push("revocation order");
      after = revocation.seq as number;
      const revoked = {
        type: "consent_revoked",
        consentId: record.consentId as string,
        providerTeamId: record.providerTeamId as string,
        revokedAt: revocation.revokedAt as string,
        revokedVia: revocation.revokedVia as string,
      };
      put(revocation.seq as number, sha256hex(jcs(revoked)), revocation.hash as Json);
    }
  }

  // Step 4: the walk.
  if (records.length > 0 && chain.fromSeq !== Math.min(...shown.keys())) problems.push("fromSeq");
  let h = chain.prevHash as string;
  let s = (chain.fromSeq as number) - 1;
  for (const link of chain.links as Record<string, Json>[]) {
    if (link.seq !== s + 1) {
      problems.push(`link at ${String(link.seq)}, expected ${s + 1}`);
      return problems;
    }
    s = link.seq;
    const entry = shown.get(s);
    if (entry) {
      if (link.consentId !== entry.consentId) problems.push(`consent at ${s}`);
      if (link.digest !== entry.digest) problems.push(`digest at ${s}`);
    } else if (shownConsents.has(link.consentId as string)) {
      problems.push(`entry at ${s} about a shown record left out`);
    }
    h = linkHash(link.consentId as string, link.digest as string, h, s);
    if (entry && entry.hash !== h) problems.push(`hash at ${s}`);
  }

  // Step 5: covered, and leads to the checkpoint.
  for (const seq of shown.keys()) if (seq > s) problems.push(`position ${seq} not covered`);
  if (cp.seq !== s || cp.hash !== h) problems.push("chain does not lead to the checkpoint");

  // Step 6: the signature (§5).
  const key = jwks.keys.find((k) => k.kid === cp.keyId);
  if (key?.kty !== "OKP" || key.crv !== "Ed25519" || typeof key.x !== "string") {
    problems.push("no such key");
    return problems;
  }
  const thumbprint = b64u(createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${key.x}"}`, "utf8").digest());
  if (thumbprint !== key.kid) problems.push("kid is not the thumbprint");
  const signature = Buffer.from(cp.signature as string, "base64url");
  const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" });
  if (signature.length !== 64 || !verify(null, Buffer.from(checkpointMessage(cp), "utf8"), publicKey, signature)) {
    problems.push("signature");
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A bundle exported through the real API over PostgreSQL.

export let t: TestApp;
export let pub: PublicApp;
export let bundle: Record<string, Json>;
export let jwks: { keys: Record<string, Json>[] };

export const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
export const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
export const MARKETING = {
  kind: "marketing_calls_texts",
  granted: true,
  disclosureVersion: "marketing_calls_texts.v1",
};

export function person(n: number) {
  return {
    name: "Zoë Ünal",
    email: `format${n}-${randomUUID().slice(0, 6)}@example.com`,
    phone: `+1737556${String(1000 + n).padStart(4, "0")}`,
    kind: "residential",
  };
}

export const copy = () =>
  structuredClone(bundle) as Record<string, Json> & {
    records: (Record<string, Json> & { revocations: Record<string, Json>[] })[];
    chain: { fromSeq: number; prevHash: string; links: Record<string, Json>[] };
    checkpoint: Record<string, Json>;
  };

export type Bundle = ReturnType<typeof copy>;
export const record = (b: Bundle, i: number) => b.records[i] as Bundle["records"][number];

/** Registers the hooks of the consent evidence format test: a test app with signed consent records, their evidence bundle and the JWKS. */
export function setupEvidenceBundle(): void {
  beforeAll(async () => {
    t = await createTestApp();
    pub = createPublicApp(t);
    const provider = await t.createTeam("provider", "Fibre “Évidence” & Co");
    const reseller = await t.createTeam("reseller");
    const offer = await publishOffer(t, provider.apiKey);
    const linkRes = await t.request("POST", "/reseller/links", {
      key: reseller.apiKey,
      body: { offerIds: [offer.id] },
    });
    const link = (await linkRes.json()) as { slug: string };
    const order = async (customer: ReturnType<typeof person>, consents: unknown[]) => {
      const res = await pub.request("POST", `/public/links/${link.slug}/orders`, {
        body: {
          items: [{ offerId: offer.id }],
          customer,
          serviceAddress: ADDRESS,
          consents,
          pageUrl: "https://shop.example.com/fibre?q=a%20b&ü=1",
        },
        headers: { "user-agent": 'Format/1.0 ("quoted"; \\back)' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const ada = person(1);
    // Positions 1, 2: Ada; 3: someone else (hidden, linked through); 4: Ada's revocation of 2 (both
    // records by phone: 4 and 5); 6: someone else again; then Ada's second order: 7.
    const first = await order(ada, [ORDER_CONTACT, MARKETING]);
    await order(person(2), [ORDER_CONTACT]);
    const revoke = await pub.request("POST", "/public/consent/revoke", { body: { phone: ada.phone } });
    expect(revoke.status).toBe(200);
    await order(person(3), [ORDER_CONTACT]);
    await order(ada, [ORDER_CONTACT]);
    const { rows } = await sql<{ customer_id: string }>`select customer_id from orders where id = ${first}`.execute(
      t.database.db,
    );
    const res = await t.request("GET", `/provider/customers/${rows[0]?.customer_id}/consents/evidence`, {
      key: provider.apiKey,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    bundle = (await res.json()) as Record<string, Json>;
    jwks = (await (await t.request("GET", "/.well-known/consent-keys.json")).json()) as typeof jwks;
  });
  afterAll(async () => {
    await pub?.close();
    await t?.close();
  });
}
