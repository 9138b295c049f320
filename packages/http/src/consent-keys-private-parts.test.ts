import { randomBytes } from "node:crypto";
import { createDatabase, PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import { createMarketplace, createSecretKeyring } from "@marketplace/core";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { createApp } from "./app.ts";

// The published key set (`GET /.well-known/consent-keys.json`) never loads a private part: served
// by a database role that may read only the public columns of consent_signing_keys, it answers;
// the same role cannot load the signing key itself.

let database: TestDatabase;
let restricted: pg.Pool;
const role = `jwks_reader_${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const keyring = await createSecretKeyring(randomBytes(32).toString("base64"));
  const marketplace = createMarketplace({
    unitOfWork: new PostgresUnitOfWork({ db: database.db, secretKeyring: keyring }),
  });
  await marketplace.consentEvidence.ensureSigningKey();
  await sql
    .raw(`
      create role ${role} nologin;
      grant usage on schema public to ${role};
      grant select (kid, public_jwk, created_at, retired_at) on consent_signing_keys to ${role};
    `)
    .execute(database.db);
  restricted = new pg.Pool({ connectionString: database.url, max: 1 });
  restricted.on("connect", (client) => {
    client.query(`set role ${role}`).catch(() => {});
  });
});

afterAll(async () => {
  await restricted.end();
  await sql.raw(`drop owned by ${role}; drop role ${role}`).execute(database.db);
  await database.drop();
});

it("GET /.well-known/consent-keys.json reads no private column (served by a role that may not read one)", async () => {
  const db = createDatabase(restricted);
  const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db }) });
  const app = createApp({ marketplace, checkHealth: () => pingDatabase(db) });
  const res = await app.request("/.well-known/consent-keys.json");
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { keys: Array<Record<string, unknown>> };
  expect(body.keys).toHaveLength(1);
  expect(body.keys[0]).not.toHaveProperty("d");
  // The role really is restricted: loading the signing key (its private part) is refused.
  await expect(marketplace.consentEvidence.ensureSigningKey()).rejects.toThrow(/permission denied/);
});
