import type { Member, MemberRole, SecretKeyring } from "@marketplace/core";
import { openSecret, sealSecret } from "@marketplace/core/kernel";
import type { MemberTotp, SignInChallenge, TwoFactorRepository } from "@marketplace/core/members";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** The context a member's sealed TOTP secret is bound to: its row. */
export function totpSecretContext(memberId: string): string {
  return `member_totp:${memberId}`;
}

/**
 * Members' authenticators, recovery codes, sign-in challenges and the teams' two-factor policy in
 * PostgreSQL. With a key-encryption keyring the TOTP secret is written sealed (`kek1.…`) and opened
 * on read, as webhook secrets are; without one it is stored as it is (hosts warn).
 */
export class PostgresTwoFactorRepository implements TwoFactorRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secretKeyring: SecretKeyring | null = null,
  ) {}

  async findTotp(memberId: string): Promise<MemberTotp | null> {
    const row = await this.db
      .selectFrom("member_totp")
      .selectAll()
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      memberId: row.member_id,
      secret: await openSecret(this.secretKeyring, row.secret, totpSecretContext(row.member_id)),
      createdAt: row.created_at,
      enabledAt: row.enabled_at,
      lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    };
  }

  async savePendingTotp(memberId: string, secret: string, at: Date): Promise<boolean> {
    const stored = this.secretKeyring
      ? await sealSecret(this.secretKeyring, secret, totpSecretContext(memberId))
      : secret;
    const { rows } = await sql<{ member_id: string }>`
      insert into member_totp (member_id, secret, created_at) values (${memberId}, ${stored}, ${at})
      on conflict (member_id) do update set secret = excluded.secret, created_at = excluded.created_at
        where member_totp.enabled_at is null
      returning member_id
    `.execute(this.db);
    return rows.length > 0;
  }

  async enableTotp(memberId: string, step: number, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("member_totp")
      .set({ enabled_at: at, last_used_step: step })
      .where("member_id", "=", memberId)
      .where("enabled_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async useStep(memberId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("member_totp")
      .set({ last_used_step: step })
      .where("member_id", "=", memberId)
      .where("enabled_at", "is not", null)
      .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteTotp(memberId: string): Promise<boolean> {
    await this.db.deleteFrom("member_recovery_codes").where("member_id", "=", memberId).execute();
    const result = await this.db.deleteFrom("member_totp").where("member_id", "=", memberId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async replaceRecoveryCodes(memberId: string, codeHashes: readonly string[], at: Date): Promise<void> {
    await this.db.deleteFrom("member_recovery_codes").where("member_id", "=", memberId).execute();
    if (codeHashes.length === 0) return;
    await this.db
      .insertInto("member_recovery_codes")
      .values(
        codeHashes.map((hash) => ({
          id: crypto.randomUUID(),
          member_id: memberId,
          code_hash: hash,
          created_at: at,
          used_at: null,
        })),
      )
      .execute();
  }

  async useRecoveryCode(memberId: string, codeHash: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("member_recovery_codes")
      .set({ used_at: at })
      .where("member_id", "=", memberId)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async countRecoveryCodes(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom("member_recovery_codes")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", memberId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertChallenge(challenge: SignInChallenge & { tokenHash: string }): Promise<void> {
    await this.db
      .insertInto("member_sign_in_challenges")
      .values({
        id: challenge.id,
        token_hash: challenge.tokenHash,
        member_id: challenge.memberId,
        created_at: challenge.createdAt,
        expires_at: challenge.expiresAt,
      })
      .execute();
    // Expired challenges of the member go with each new one: the table stays small.
    await this.db
      .deleteFrom("member_sign_in_challenges")
      .where("member_id", "=", challenge.memberId)
      .where("expires_at", "<=", challenge.createdAt)
      .execute();
  }

  async findChallenge(tokenHash: string): Promise<(SignInChallenge & { member: Member }) | null> {
    const row = await this.db
      .selectFrom("member_sign_in_challenges as c")
      .innerJoin("members as m", "m.id", "c.member_id")
      .select([
        "c.id",
        "c.member_id",
        "c.created_at",
        "c.expires_at",
        "m.team_id",
        "m.email",
        "m.role",
        "m.created_at as member_created_at",
        "m.updated_at as member_updated_at",
      ])
      .where("c.token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      memberId: row.member_id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      member: {
        id: row.member_id,
        teamId: row.team_id,
        email: row.email,
        role: row.role as MemberRole,
        createdAt: row.member_created_at,
        updatedAt: row.member_updated_at,
      },
    };
  }

  async deleteChallenge(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("member_sign_in_challenges").where("id", "=", id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async teamRequiresTwoFactor(teamId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("team_security_policies")
      .select("require_two_factor")
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    return row?.require_two_factor === true;
  }

  async setTeamRequiresTwoFactor(teamId: string, required: boolean, at: Date): Promise<void> {
    await this.db
      .insertInto("team_security_policies")
      .values({ team_id: teamId, require_two_factor: required, updated_at: at })
      .onConflict((oc) => oc.column("team_id").doUpdateSet({ require_two_factor: required, updated_at: at }))
      .execute();
  }

  async enabledMemberIds(teamId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("member_totp as t")
      .innerJoin("members as m", "m.id", "t.member_id")
      .select("t.member_id")
      .where("m.team_id", "=", teamId)
      .where("t.enabled_at", "is not", null)
      .execute();
    return rows.map((row) => row.member_id);
  }
}
