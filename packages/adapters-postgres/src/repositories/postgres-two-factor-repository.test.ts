import { randomBytes, randomUUID } from "node:crypto";
import { createMarketplace, createSecretKeyring, SealedSecretError } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";
import { sealStoredSecrets } from "../seal-stored-secrets.ts";
import { PostgresTwoFactorRepository } from "./postgres-two-factor-repository.ts";

// Members' TOTP secrets are sealed with the host's key-encryption key, as webhook secrets are. What
// the port promises (a time step accepted once, recovery codes) is in the core's contract suite
// (packages/core/test/contracts/two-factor.contract.ts), run against PostgreSQL by contracts.test.ts.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function newMember(): Promise<string> {
  const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
  const { team } = await marketplace.teams.create({ name: `2FA ${randomBytes(3).toString("hex")}`, role: "provider" });
  const id = randomUUID();
  const now = new Date();
  await database.db
    .insertInto("members")
    .values({
      id,
      team_id: team.id,
      email: `${id}@example.com`,
      role: "owner",
      password_hash: "$argon2id$x",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe("PostgresTwoFactorRepository", () => {
  it("stores the TOTP secret sealed to its row and opens it again", async () => {
    const keyring = await createSecretKeyring(randomBytes(32).toString("base64"));
    const repository = new PostgresTwoFactorRepository(database.db, keyring);
    const memberId = await newMember();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    expect(await repository.savePendingTotp(memberId, secret, new Date())).toBe(true);
    const { rows } = await sql<{
      secret: string;
    }>`select secret from member_totp where member_id = ${memberId}`.execute(database.db);
    expect(rows[0]?.secret).toMatch(/^kek1\./);
    expect(rows[0]?.secret).not.toContain(secret);
    expect((await repository.findTotp(memberId))?.secret).toBe(secret);

    // Copied to another member's row, it does not open there.
    const other = await newMember();
    await sql`insert into member_totp (member_id, secret, created_at) values (${other}, ${rows[0]?.secret}, now())`.execute(
      database.db,
    );
    await expect(repository.findTotp(other)).rejects.toBeInstanceOf(SealedSecretError);
  });

  it("sealStoredSecrets seals a plaintext TOTP secret and re-seals it under a new key", async () => {
    // The rows of the tests above were sealed under keys of their own: this test starts without them.
    await sql`delete from member_totp`.execute(database.db);
    const memberId = await newMember();
    const secret = "KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF";
    await new PostgresTwoFactorRepository(database.db, null).savePendingTotp(memberId, secret, new Date());
    const first = await createSecretKeyring(randomBytes(32).toString("base64"));
    expect((await sealStoredSecrets(database.db, { keyring: first })).sealed).toBeGreaterThanOrEqual(1);
    const stored = async () =>
      (await sql<{ secret: string }>`select secret from member_totp where member_id = ${memberId}`.execute(database.db))
        .rows[0]?.secret ?? "";
    expect(await stored()).toMatch(new RegExp(`^kek1\\.${first.current.id}\\.`));
    const second = await createSecretKeyring(randomBytes(32).toString("base64"));
    const rotating = { current: second.current, previous: [first.current] };
    expect((await sealStoredSecrets(database.db, { keyring: rotating })).resealed).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatch(new RegExp(`^kek1\\.${second.current.id}\\.`));
    expect((await new PostgresTwoFactorRepository(database.db, second).findTotp(memberId))?.secret).toBe(secret);
  });
});
