/**
 * Members' authenticators, recovery codes, sign-in challenges and the teams' two-factor policy, in
 * memory. Secrets are kept as they are given (the SQL adapter seals them when the host configures a
 * key-encryption keyring; that is the adapter's own business, not the port's).
 *
 * @module
 */

import { randomUuid } from "../../ids.ts";
import type { TwoFactorRepository } from "../../members/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { checkTeam } from "./constraints.ts";
import {
  CHALLENGES,
  checkMember,
  deleteOfMember,
  insertExpiring,
  MEMBERS,
  publicMember,
  RECOVERY_CODES,
  SECURITY_POLICIES,
  TOTP,
} from "./member-tables.ts";

/** The in-memory `TwoFactorRepository`. */
export function inMemoryTwoFactor(context: InMemoryContext): TwoFactorRepository {
  const totps = () => context.tables.rows(TOTP);
  const codes = () => context.tables.rows(RECOVERY_CODES);
  const challenges = () => context.tables.rows(CHALLENGES);
  return {
    async findTotp(memberId) {
      const totp = totps().get(memberId);
      return totp ? copy(totp) : null;
    },
    async savePendingTotp(memberId, secret, at) {
      const existing = totps().get(memberId);
      if (existing) {
        if (existing.enabledAt !== null) return false;
        existing.secret = secret;
        existing.createdAt = new Date(at);
        return true;
      }
      checkMember(context.tables, "member_totp", memberId);
      totps().set(memberId, { memberId, secret, createdAt: new Date(at), enabledAt: null, lastUsedStep: null });
      return true;
    },
    async enableTotp(memberId, step, at) {
      const totp = totps().get(memberId);
      if (!totp || totp.enabledAt !== null) return false;
      totp.enabledAt = new Date(at);
      totp.lastUsedStep = step;
      return true;
    },
    async useStep(memberId, step) {
      const totp = totps().get(memberId);
      if (!totp || totp.enabledAt === null) return false;
      if (totp.lastUsedStep !== null && totp.lastUsedStep >= step) return false;
      totp.lastUsedStep = step;
      return true;
    },
    async deleteTotp(memberId) {
      deleteOfMember(context.tables, RECOVERY_CODES, memberId);
      return totps().delete(memberId);
    },
    async replaceRecoveryCodes(memberId, codeHashes, at) {
      deleteOfMember(context.tables, RECOVERY_CODES, memberId);
      if (codeHashes.length === 0) return;
      if (new Set(codeHashes).size < codeHashes.length) {
        throw new InMemoryConstraintError(
          "23505",
          "member_recovery_codes_member_id_code_hash_key",
          "a recovery code hash is given twice",
        );
      }
      checkMember(context.tables, "member_recovery_codes", memberId);
      for (const codeHash of codeHashes) {
        const id = randomUuid();
        codes().set(id, { id, memberId, codeHash, createdAt: new Date(at), usedAt: null });
      }
    },
    async useRecoveryCode(memberId, codeHash, at) {
      for (const code of codes().values()) {
        if (code.memberId === memberId && code.codeHash === codeHash && code.usedAt === null) {
          code.usedAt = new Date(at);
          return true;
        }
      }
      return false;
    },
    async countRecoveryCodes(memberId) {
      return [...codes().values()].filter((code) => code.memberId === memberId && code.usedAt === null).length;
    },
    async insertChallenge(challenge) {
      insertExpiring(context.tables, CHALLENGES, challenge);
    },
    async findChallenge(tokenHash) {
      const challenge = [...challenges().values()].find((row) => row.tokenHash === tokenHash);
      const member = challenge && context.tables.rows(MEMBERS).get(challenge.memberId);
      if (!challenge || !member) return null;
      const { tokenHash: _, ...found } = copy(challenge);
      return { ...found, member: publicMember(member) };
    },
    async deleteChallenge(id) {
      return challenges().delete(id);
    },
    async teamRequiresTwoFactor(teamId) {
      return context.tables.rows(SECURITY_POLICIES).get(teamId)?.requireTwoFactor === true;
    },
    async setTeamRequiresTwoFactor(teamId, required, at) {
      checkTeam(context.tables, "team_security_policies", teamId);
      context.tables
        .rows(SECURITY_POLICIES)
        .set(teamId, { teamId, requireTwoFactor: required, updatedAt: new Date(at) });
    },
    async enabledMemberIds(teamId) {
      const members = context.tables.rows(MEMBERS);
      return [...totps().values()]
        .filter((totp) => totp.enabledAt !== null && members.get(totp.memberId)?.teamId === teamId)
        .map((totp) => totp.memberId);
    },
  };
}
