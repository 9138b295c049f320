import { randomBytes } from "node:crypto";
import {
  createMarketplace,
  createSecretKeyring,
  type Marketplace,
  type Principal,
  SealedSecretError,
  type SecretKeyring,
} from "@marketplace/core";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";
import { sealStoredSecrets } from "./seal-stored-secrets.ts";

// Secrets at rest (issue 25 item 4): the generated consent signing key's private part and webhook
// secrets, sealed under the host's key-encryption key; plaintext rows of an older start sealed with
// no loss; a wrong key refused clearly; the key rotated.

const newKek = () => randomBytes(32).toString("base64");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function marketplaceWith(keyring: SecretKeyring | null): Marketplace {
  return createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db, secretKeyring: keyring }) });
}

async function principalOf(marketplace: Marketplace): Promise<Principal> {
  const { apiKey } = await marketplace.teams.create({
    name: `Sealed ${randomBytes(3).toString("hex")}`,
    role: "provider",
  });
  return marketplace.auth.authenticate(apiKey.key);
}

type KeyColumns = { kid: string; private_jwk: unknown; private_key_sealed: string | null; retired_at: Date | null };
type WebhookColumns = { id: string; secret: string; previous_secret: string | null };

async function keyRows(): Promise<KeyColumns[]> {
  const { rows } = await sql<KeyColumns>`
    select kid, private_jwk, private_key_sealed, retired_at from consent_signing_keys order by created_at
  `.execute(database.db);
  return rows;
}

async function webhookRows(): Promise<WebhookColumns[]> {
  const { rows } = await sql<WebhookColumns>`select id, secret, previous_secret from webhooks order by id`.execute(
    database.db,
  );
  return rows;
}

/** Every stored secret column as text, as someone reading the database (or a backup) sees it. */
async function storedText(): Promise<string> {
  const { rows } = await sql<{ text: string }>`
    select coalesce(string_agg(coalesce(private_jwk::text, '') || ' ' || coalesce(private_key_sealed, ''), ' '), '')
      || ' ' || (select coalesce(string_agg(secret || ' ' || coalesce(previous_secret, ''), ' '), '') from webhooks)
      as text
    from consent_signing_keys
  `.execute(database.db);
  return rows[0]?.text ?? "";
}

describe("secrets at rest", () => {
  // Shared state of the steps below, in order: a start without a key, the first start with one, a
  // wrong key, a rotation.
  let kek: string;
  let kid: string;
  let privateD: string;
  const secrets: string[] = [];
  let webhookId: string;

  it("without a key-encryption key, a start stores the signing key and webhook secrets in plaintext (as before)", async () => {
    const marketplace = marketplaceWith(null);
    const principal = await principalOf(marketplace);
    kid = (await marketplace.consentEvidence.ensureSigningKey()).kid;
    const webhook = await marketplace.webhooks.create(principal, {
      url: "https://hooks.example.com/sealed",
      events: ["order.created"],
    });
    webhookId = webhook.id;
    secrets.push(webhook.secret);
    const rotated = await marketplace.webhooks.rotateSecret(principal, webhook.id, {});
    secrets.push(rotated.secret);
    const [key] = await keyRows();
    privateD = (key?.private_jwk as { d: string } | undefined)?.d ?? "";
    expect(privateD).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key?.private_key_sealed).toBeNull();
    expect(await webhookRows()).toEqual([{ id: webhook.id, secret: secrets[1], previous_secret: secrets[0] }]);
    expect(await sealStoredSecrets(database.db, { keyring: null })).toMatchObject({ sealed: 0, plaintext: 3 });
  });

  it("the first start with a key seals every plaintext secret: the columns hold none, and nothing is lost", async () => {
    kek = newKek();
    const keyring = await createSecretKeyring(kek);
    expect(await sealStoredSecrets(database.db, { keyring })).toEqual({
      sealed: 3,
      resealed: 0,
      plaintext: 0,
      keyId: keyring.current.id,
    });
    const [key] = await keyRows();
    expect(key?.private_jwk).toBeNull();
    expect(key?.private_key_sealed).toMatch(
      new RegExp(`^kek1\\.${keyring.current.id}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`),
    );
    const [webhook] = await webhookRows();
    expect(webhook?.secret.startsWith(`kek1.${keyring.current.id}.`)).toBe(true);
    expect(webhook?.previous_secret?.startsWith(`kek1.${keyring.current.id}.`)).toBe(true);
    const text = await storedText();
    expect(text).not.toContain(privateD);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain("whsec_");

    // Idempotent: a second start changes nothing.
    const before = await storedText();
    expect(await sealStoredSecrets(database.db, { keyring })).toMatchObject({ sealed: 0, resealed: 0 });
    expect(await storedText()).toBe(before);

    // The same key signs (same kid, so earlier checkpoints stay verifiable), webhooks read their secrets.
    const marketplace = marketplaceWith(keyring);
    expect((await marketplace.consentEvidence.ensureSigningKey()).kid).toBe(kid);
    const webhooks = new PostgresUnitOfWork({ db: database.db, secretKeyring: keyring }).repositories.webhooks;
    const found = await webhooks.findForDelivery(webhookId);
    expect(found?.secret).toBe(secrets[1]);
    expect(found?.previousSecret).toBe(secrets[0]);
  });

  it("new secrets are written sealed, and a checkpoint signed with the opened key verifies", async () => {
    const keyring = await createSecretKeyring(kek);
    const marketplace = marketplaceWith(keyring);
    const principal = await principalOf(marketplace);
    const webhook = await marketplace.webhooks.create(principal, {
      url: "https://hooks.example.com/new",
      events: ["order.created"],
    });
    const row = (await webhookRows()).find((r) => r.id === webhook.id);
    expect(row?.secret.startsWith(`kek1.${keyring.current.id}.`)).toBe(true);
    expect(row?.secret).not.toContain(webhook.secret);
    // A checkpoint over an empty bundle needs no records: sign one through the ledger directly.
    await sql`insert into consent_chain_heads (provider_team_id, seq, hash) values (${principal.teamId}, 1, ${"a".repeat(64)})`.execute(
      database.db,
    );
    expect(await marketplace.consentEvidence.checkpointAll()).toBe(1);
    const { rows } = await sql<{ key_id: string }>`select key_id from consent_checkpoints`.execute(database.db);
    expect(rows.map((r) => r.key_id)).toEqual([kid]);
    // The published keys verify it (an unrelated bundle check: the keys are well formed).
    const keys = await marketplace.consentEvidence.publicKeys();
    expect(keys.keys.map((k) => k.kid)).toEqual([kid]);
    expect(
      await verifyConsentEvidence(
        { format: "marketplace.consent-evidence.v1", records: [], chain: { links: [] }, checkpoint: null },
        keys,
      ),
    ).toMatchObject({ valid: true });
  });

  it("a wrong key fails clearly, at the start and on use, and changes nothing", async () => {
    const before = await storedText();
    const wrong = await createSecretKeyring(newKek());
    const right = await createSecretKeyring(kek);
    await expect(sealStoredSecrets(database.db, { keyring: wrong })).rejects.toThrow(
      new RegExp(`encrypted with key id ${right.current.id}, which is not a configured key-encryption key`),
    );
    await expect(marketplaceWith(wrong).consentEvidence.ensureSigningKey()).rejects.toThrow(
      /consent_signing_keys:.* which is not a configured key-encryption key/,
    );
    const webhooks = new PostgresUnitOfWork({ db: database.db, secretKeyring: wrong }).repositories.webhooks;
    await expect(webhooks.findForDelivery(webhookId)).rejects.toBeInstanceOf(SealedSecretError);
    // No key at all: the start is refused instead of running with secrets it cannot open.
    await expect(sealStoredSecrets(database.db, { keyring: null })).rejects.toThrow(
      /stored secret\(s\) are encrypted at rest and no key-encryption key is configured/,
    );
    await expect(marketplaceWith(null).consentEvidence.ensureSigningKey()).rejects.toThrow(
      /no key-encryption key is configured/,
    );
    expect(await storedText()).toBe(before);
    // The JWKS reads no private column: it answers whatever the key.
    expect((await marketplaceWith(wrong).consentEvidence.publicKeys()).keys.map((k) => k.kid)).toEqual([kid]);
    expect((await marketplaceWith(null).consentEvidence.publicKeys()).keys.map((k) => k.kid)).toEqual([kid]);
  });

  it("rotation: with the old key as previous, every secret is sealed again under the new one; then the old key can go", async () => {
    const oldKeyring = await createSecretKeyring(kek);
    const newKey = newKek();
    const rotating = await createSecretKeyring(newKey, [kek]);
    // Before re-sealing, the rotating keyring already opens everything (rolling deploys).
    expect((await marketplaceWith(rotating).consentEvidence.ensureSigningKey()).kid).toBe(kid);
    const report = await sealStoredSecrets(database.db, { keyring: rotating });
    // The key, the first webhook's secret and previous secret, the second webhook's secret.
    expect(report).toEqual({ sealed: 0, resealed: 4, plaintext: 0, keyId: rotating.current.id });
    for (const row of await keyRows())
      expect(row.private_key_sealed?.startsWith(`kek1.${rotating.current.id}.`)).toBe(true);
    for (const row of await webhookRows()) {
      expect(row.secret.startsWith(`kek1.${rotating.current.id}.`)).toBe(true);
      if (row.previous_secret) expect(row.previous_secret.startsWith(`kek1.${rotating.current.id}.`)).toBe(true);
    }
    // The new key alone opens everything; the old one alone no longer does.
    const newOnly = await createSecretKeyring(newKey);
    expect((await marketplaceWith(newOnly).consentEvidence.ensureSigningKey()).kid).toBe(kid);
    const webhooks = new PostgresUnitOfWork({ db: database.db, secretKeyring: newOnly }).repositories.webhooks;
    expect((await webhooks.findForDelivery(webhookId))?.secret).toBe(secrets[1]);
    await expect(sealStoredSecrets(database.db, { keyring: oldKeyring })).rejects.toThrow(
      /which is not a configured key-encryption key/,
    );
  });
});
