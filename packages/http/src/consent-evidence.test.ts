import { randomUUID } from "node:crypto";
import { createDatabase, createPool, PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace } from "@marketplace/core";
import type { ConsentEvidenceBundle } from "@marketplace/core/consent-evidence";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { GENESIS_HASH, generateSigningKey, linkHash, publicKeyOf } from "@marketplace/core/consents";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createPublicApp, type PublicApp, publishOffer } from "../../../test/helpers/public-app.ts";

let t: TestApp;
let pub: PublicApp;
beforeAll(async () => {
  t = await createTestApp();
  pub = createPublicApp(t);
});
afterAll(async () => {
  await pub.close();
  await t.close();
});

const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
const MARKETING = { kind: "marketing_calls_texts", granted: false, disclosureVersion: "marketing_calls_texts.v1" };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let people = 0;
function person() {
  people += 1;
  return {
    name: "Ada",
    email: `evidence${people}-${randomUUID().slice(0, 6)}@example.com`,
    phone: `+1737555${String(1000 + people).padStart(4, "0")}`,
    kind: "residential",
  };
}

/** A provider with an offer on a reseller's shareable link. */
async function shop() {
  const provider = await t.createTeam("provider", "Evidence Fiber");
  const reseller = await t.createTeam("reseller");
  const offer = await publishOffer(t, provider.apiKey);
  const link = await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [offer.id] } });
  expect(link.status).toBe(201);
  return { provider, reseller, offer, link: (await link.json()) as { id: string; slug: string } };
}

async function linkOrder(slug: string, body: Record<string, unknown>) {
  return pub.request("POST", `/public/links/${slug}/orders`, {
    body: { items: [], customer: person(), serviceAddress: ADDRESS, consents: [ORDER_CONTACT], ...body },
    headers: { "user-agent": "EvidenceTest/1.0" },
  });
}

async function customerOf(orderId: string): Promise<string> {
  const { rows } = await sql<{ customer_id: string }>`select customer_id from orders where id = ${orderId}`.execute(
    t.database.db,
  );
  return rows[0]?.customer_id as string;
}

async function keys() {
  const res = await t.request("GET", "/.well-known/consent-keys.json");
  expect(res.status).toBe(200);
  return res.json();
}

async function evidence(key: string, customerId: string): Promise<ConsentEvidenceBundle> {
  const res = await t.request("GET", `/provider/customers/${customerId}/consents/evidence`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe("consent evidence", () => {
  it("exports a bundle of a fresh record that verifies against the published keys", async () => {
    const { provider, offer, link } = await shop();
    const customer = person();
    const res = await linkOrder(link.slug, {
      items: [{ offerId: offer.id }],
      customer,
      consents: [ORDER_CONTACT, MARKETING],
      pageUrl: "https://shop.example.com/fiber?utm_source=mail",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = await res.json();
    const customerId = await customerOf(order.id);

    const bundle = await evidence(provider.apiKey, customerId);
    expect(bundle).toMatchObject({
      format: "marketplace.consent-evidence.v1",
      providerTeamId: provider.teamId,
      customerId,
      chain: { fromSeq: 1, prevHash: GENESIS_HASH },
      checkpoint: { providerTeamId: provider.teamId, seq: 2 },
    });
    expect(bundle.statement).toContain("rendered server-side from disclosureVersion");
    expect(bundle.records.map((r) => [r.seq, r.disclosureVersion, r.granted])).toEqual([
      [1, "order_contact.v1", true],
      [2, "marketing_calls_texts.v1", false],
    ]);
    expect(bundle.records[0]).toMatchObject({
      orderId: order.id,
      clickId: null,
      customerId,
      phone: customer.phone,
      email: customer.email,
      userAgent: "EvidenceTest/1.0",
      storefrontId: null,
      linkId: link.id,
      offerIds: [offer.id],
      pageUrl: "https://shop.example.com/fiber?utm_source=mail",
      revocations: [],
    });
    expect(bundle.records[0]?.disclosureText).toContain("Evidence Fiber");
    expect(bundle.records[0]?.recordedAt).toMatch(ISO);

    const published = await keys();
    expect(published.keys).toHaveLength(1);
    expect(published.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(bundle.keys).toEqual(published);
    expect(await verifyConsentEvidence(bundle, published)).toEqual({
      valid: true,
      records: 2,
      checkpoint: { seq: 2, signedAt: bundle.checkpoint?.signedAt, keyId: published.keys[0].kid },
    });

    // A second export with nothing new reuses the checkpoint.
    const again = await evidence(provider.apiKey, customerId);
    expect(again.checkpoint).toEqual(bundle.checkpoint);
  });

  it("holds revocations, links through other consumers' entries, and fails when one is removed", async () => {
    const { provider, offer, link } = await shop();
    const customer = person();
    const mine = await (await linkOrder(link.slug, { items: [{ offerId: offer.id }], customer })).json();
    await linkOrder(link.slug, { items: [{ offerId: offer.id }] }); // another consumer
    const revoke = await pub.request("POST", "/public/consent/revoke", { body: { phone: customer.phone } });
    expect(revoke.status).toBe(200);

    const bundle = await evidence(provider.apiKey, await customerOf(mine.id));
    expect(bundle.records).toHaveLength(1);
    expect(bundle.records[0]?.revocations).toEqual([
      { revokedAt: expect.stringMatching(ISO), revokedVia: "web_form", seq: 3, hash: expect.any(String) },
    ]);
    expect(bundle.chain.links.map((l) => l.seq)).toEqual([1, 2, 3]);
    const published = await keys();
    expect((await verifyConsentEvidence(bundle, published)).valid).toBe(true);

    const removed = structuredClone(bundle);
    (removed.records[0] as { revocations: unknown[] }).revocations = [];
    expect(await verifyConsentEvidence(removed, published)).toEqual({
      valid: false,
      problems: [
        `the entry at 3 is about consent ${bundle.records[0]?.consentId} but the bundle leaves it out (a revocation removed?)`,
      ],
    });
    const edited = structuredClone(bundle);
    (edited.records[0] as { ipAddress: string }).ipAddress = "198.51.100.9";
    expect((await verifyConsentEvidence(edited, published)).valid).toBe(false);
  });

  it("answers 404 for another team's customer, 400 for an unknown query parameter", async () => {
    const { provider, offer, link } = await shop();
    const other = await t.createTeam("provider");
    const order = await (await linkOrder(link.slug, { items: [{ offerId: offer.id }] })).json();
    const customerId = await customerOf(order.id);
    const notFound = await t.request("GET", `/provider/customers/${customerId}/consents/evidence`, {
      key: other.apiKey,
    });
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({
      statusCode: 404,
      message: `Customer ${customerId} not found`,
      error: "Not Found",
    });
    const malformed = await t.request("GET", "/provider/customers/not-a-uuid/consents/evidence", {
      key: provider.apiKey,
    });
    expect(malformed.status).toBe(404);
    const query = await t.request("GET", `/provider/customers/${customerId}/consents/evidence?format=pdf`, {
      key: provider.apiKey,
    });
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual({
      statusCode: 400,
      message: ["property format should not exist"],
      error: "Bad Request",
    });
    const unauthenticated = await t.request("GET", `/provider/customers/${customerId}/consents/evidence`);
    expect(unauthenticated.status).toBe(401);
    const keysQuery = await t.request("GET", "/.well-known/consent-keys.json?x=1");
    expect(keysQuery.status).toBe(400);
  });

  it("refuses a pageUrl that is not https or is too long, recording nothing", async () => {
    const { offer, link } = await shop();
    const before = await sql<{ n: number }>`select count(*)::int as n from consent_ledger_entries`.execute(
      t.database.db,
    );
    for (const [pageUrl, message] of [
      ["http://shop.example.com/", "pageUrl must be an https URL"],
      ["not a url", "pageUrl must be an https URL"],
      [`https://shop.example.com/${"p".repeat(2025)}`, "pageUrl must be at most 2048 characters"],
      [42, "pageUrl must be a string"],
    ] as const) {
      const res = await linkOrder(link.slug, { items: [{ offerId: offer.id }], pageUrl });
      expect(res.status, String(pageUrl)).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, message: [message], error: "Bad Request" });
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from consent_ledger_entries`.execute(
      t.database.db,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("serialises concurrent orders on one provider chain: contiguous positions, every link holds", async () => {
    const { provider, offer, link } = await shop();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => linkOrder(link.slug, { items: [{ offerId: offer.id }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const { rows } = await sql<{ seq: string; consent_id: string; digest: string; prev_hash: string; hash: string }>`
      select seq, consent_id, digest, prev_hash, hash from consent_ledger_entries
      where provider_team_id = ${provider.teamId} order by seq
    `.execute(t.database.db);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    let prev = GENESIS_HASH;
    for (const row of rows) {
      expect(row.prev_hash).toBe(prev);
      expect(await linkHash({ seq: Number(row.seq), consentId: row.consent_id, digest: row.digest, prev })).toBe(
        row.hash,
      );
      prev = row.hash;
    }
    const head = await sql<{ seq: string; hash: string }>`
      select seq, hash from consent_chain_heads where provider_team_id = ${provider.teamId}
    `.execute(t.database.db);
    expect(head.rows[0]).toEqual({ seq: "12", hash: prev });
  });

  it("refuses UPDATE and DELETE of ledger entries, checkpoints and consent records", async () => {
    const { provider, offer, link } = await shop();
    const order = await (await linkOrder(link.slug, { items: [{ offerId: offer.id }] })).json();
    await evidence(provider.apiKey, await customerOf(order.id)); // makes a checkpoint
    const db = t.database.db;
    const team = provider.teamId;
    for (const statement of [
      sql`update consent_ledger_entries set payload = '{}' where provider_team_id = ${team}`,
      sql`delete from consent_ledger_entries where provider_team_id = ${team}`,
      sql`update consent_checkpoints set signature = 'x' where provider_team_id = ${team}`,
      sql`delete from consent_checkpoints where provider_team_id = ${team}`,
      sql`update consent_records set granted = true where provider_team_id = ${team}`,
      sql`delete from consent_records where provider_team_id = ${team}`,
      sql`update consent_revocations set revoked_via = 'web_form'`,
    ]) {
      await expect(statement.execute(db)).rejects.toMatchObject({ code: "23001" });
    }
  });

  it("checkpoints every chain behind its latest checkpoint", async () => {
    const { provider, offer, link } = await shop();
    await linkOrder(link.slug, { items: [{ offerId: offer.id }] });
    expect(await t.marketplace.consentEvidence.checkpointAll()).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ seq: string }>`
      select seq from consent_checkpoints where provider_team_id = ${provider.teamId}
    `.execute(t.database.db);
    expect(rows.map((r) => Number(r.seq))).toEqual([1]);
    expect(await t.marketplace.consentEvidence.checkpointAll()).toBe(0);
  });

  it("keeps bundles signed by a rotated key verifiable: the retired key stays published", async () => {
    const { provider, offer, link } = await shop();
    const order = await (await linkOrder(link.slug, { items: [{ offerId: offer.id }] })).json();
    const customerId = await customerOf(order.id);
    const before = await evidence(provider.apiKey, customerId);

    // Another process starts with a configured key: it becomes the active one.
    const configured = await generateSigningKey();
    const pool = createPool({ connectionString: t.database.url, max: 2 });
    try {
      const rotated = createMarketplace({
        unitOfWork: new PostgresUnitOfWork({ db: createDatabase(pool) }),
        consentSigningKey: configured,
      });
      const active = await rotated.consentEvidence.ensureSigningKey();
      expect(active).toEqual(await publicKeyOf(configured));
      await linkOrder(link.slug, { items: [{ offerId: offer.id }], customer: person() });
      const after = await rotated.consentEvidence.evidence({ teamId: provider.teamId } as never, customerId);
      expect(after.checkpoint?.keyId).toBe(active.kid);

      const published = await keys();
      expect(published.keys.map((k: { kid: string }) => k.kid)).toEqual([before.checkpoint?.keyId, active.kid]);
      expect((await verifyConsentEvidence(before, published)).valid).toBe(true);
      expect((await verifyConsentEvidence(after, published)).valid).toBe(true);
      const { rows } = await sql<{ private_jwk: unknown }>`
        select private_jwk from consent_signing_keys where kid = ${active.kid}
      `.execute(t.database.db);
      expect(rows).toEqual([{ private_jwk: null }]);
    } finally {
      await pool.end();
    }
  });
});
