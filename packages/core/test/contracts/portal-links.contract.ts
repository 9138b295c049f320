/**
 * Contract of `PortalLinkRepository`: single-use, expiring links and the sessions they open.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { randomUuid } from "../../src/ids.ts";
import type { Team } from "../../src/teams/index.ts";
import type { PortalLink } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";
import { at } from "./fixtures-members.ts";
import { openStore } from "./open-store.ts";
import type { ContractSubject } from "./subject.ts";

/** An unopened link of `teamId`, created at T0, expiring an hour later; its token hash is random. */
function aLink(teamId: string, sessionLabel = "acme-user-42", link: Partial<PortalLink> = {}) {
  const id = randomUuid();
  return {
    id,
    teamId,
    capabilities: ["view", "replay"] as PortalLink["capabilities"],
    sessionLabel,
    createdAt: at(0),
    expiresAt: at(3_600_000),
    openedAt: null,
    theme: null,
    linkTokenHash: `link-${id}`,
    ...link,
  };
}

/** The link as the port returns it. */
function shown({ linkTokenHash: _, ...link }: ReturnType<typeof aLink>, openedAt: Date | null = null): PortalLink {
  return { ...link, openedAt };
}

export function portalLinkContract(subject: ContractSubject): void {
  describe(`PortalLinkRepository (${subject.name})`, () => {
    const uow = openStore(subject);

    async function stored(...links: ReturnType<typeof aLink>[]): Promise<void> {
      await uow.transaction(async (scope) => {
        for (const link of links) await scope.portalLinks.insert(link);
      });
    }

    async function aStoredTeam(): Promise<Team> {
      const team = aTeam();
      await uow.transaction((scope) => scope.teams.insert(team));
      return team;
    }

    it("opens an unopened link once, before it expires, and finds its session until then", async () => {
      const team = await aStoredTeam();
      const link = aLink(team.id);
      await stored(link);
      const open = (linkHash: string, sessionHash: string, when: Date) =>
        uow.transaction((scope) => scope.portalLinks.open(linkHash, sessionHash, when));
      expect(await open(link.linkTokenHash, "session-1", at(1000))).toEqual(shown(link, at(1000)));
      expect(await open(link.linkTokenHash, "session-2", at(2000))).toBeNull();
      expect(await open("link-unknown", "session-3", at(2000))).toBeNull();

      const { portalLinks } = uow.repositories;
      expect(await portalLinks.findSession("session-1", at(3_599_999))).toEqual(shown(link, at(1000)));
      expect(await portalLinks.findSession("session-1", at(3_600_000))).toBeNull();
      expect(await portalLinks.findSession("session-2", at(2000))).toBeNull();
    });

    it("does not open a link at or after its expiry", async () => {
      const team = await aStoredTeam();
      const link = aLink(team.id);
      await stored(link);
      const open = (when: Date) => uow.transaction((scope) => scope.portalLinks.open(link.linkTokenHash, "late", when));
      expect(await open(at(3_600_000))).toBeNull();
      expect(await uow.repositories.portalLinks.findSession("late", at(0))).toBeNull();
    });

    it("keeps a link's theme: null, an accent alone, or an accent with its background", async () => {
      const team = await aStoredTeam();
      const plain = aLink(team.id, "plain", { theme: undefined });
      const accent = aLink(team.id, "accent", { theme: { accent: "#7a1fa2" } });
      const both = aLink(team.id, "both", { theme: { accent: "#7a1fa2", background: "#fdf6e3" } });
      await stored(plain, accent, both);
      const openedAt = at(10);
      const open = (link: ReturnType<typeof aLink>) =>
        uow.transaction((scope) => scope.portalLinks.open(link.linkTokenHash, `s-${link.id}`, openedAt));
      expect(await open(plain)).toEqual({ ...shown(plain, openedAt), theme: null });
      expect(await open(accent)).toEqual(shown(accent, openedAt));
      expect(await uow.repositories.portalLinks.findSession(`s-${both.id}`, openedAt)).toBeNull();
      await open(both);
      expect(await uow.repositories.portalLinks.findSession(`s-${both.id}`, openedAt)).toEqual(shown(both, openedAt));
    });

    it("revokes the team's links and sessions of a label, saying how many", async () => {
      const team = await aStoredTeam();
      const other = await aStoredTeam();
      const [first, second, otherLabel, otherTeam] = [
        aLink(team.id, "user-1"),
        aLink(team.id, "user-1"),
        aLink(team.id, "user-2"),
        aLink(other.id, "user-1"),
      ];
      await stored(first, second, otherLabel, otherTeam);
      await uow.transaction((scope) => scope.portalLinks.open(first.linkTokenHash, "revoked-session", at(1)));
      await uow.transaction((scope) => scope.portalLinks.open(otherTeam.linkTokenHash, "other-session", at(1)));
      expect(await uow.transaction((scope) => scope.portalLinks.revoke(team.id, "user-1"))).toBe(2);
      expect(await uow.transaction((scope) => scope.portalLinks.revoke(team.id, "user-1"))).toBe(0);
      const { portalLinks } = uow.repositories;
      expect(await portalLinks.findSession("revoked-session", at(2))).toBeNull();
      expect(await portalLinks.findSession("other-session", at(2))).toEqual(shown(otherTeam, at(1)));
      expect(await uow.transaction((scope) => scope.portalLinks.open(second.linkTokenHash, "x", at(2)))).toBeNull();
      expect(await uow.transaction((scope) => scope.portalLinks.open(otherLabel.linkTokenHash, "y", at(2)))).toEqual(
        shown(otherLabel, at(2)),
      );
    });

    it("refuses a link of a team that does not exist, and one whose token hash is taken", async () => {
      const team = await aStoredTeam();
      const link = aLink(team.id);
      await stored(link);
      await expect(stored(aLink(aTeam().id))).rejects.toThrow();
      await expect(stored({ ...aLink(team.id), linkTokenHash: link.linkTokenHash })).rejects.toThrow();
      expect(await uow.transaction((scope) => scope.portalLinks.revoke(team.id, link.sessionLabel))).toBe(1);
    });
  });
}
