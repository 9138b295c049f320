/**
 * Rows of the offer, brand and market suites (and of the catalog's and storefront's), with fresh
 * ids, and the page walks their lists are checked with.
 *
 * @module
 */

import { afterAll, beforeAll, expect } from "vitest";
import type { Brand } from "../../src/brands/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Market, MarketArea } from "../../src/markets/index.ts";
import type { Offer } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import { type PageRequest, pageRequest, toListResult } from "../../src/pagination.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { Team, TeamRole } from "../../src/teams/index.ts";
import { aTeam } from "./fixtures.ts";
import type { ContractSubject, OpenedSubject } from "./subject.ts";

/**
 * Opens a fresh store of `subject` before the tests of the calling `describe` and closes it after
 * them; the unit of work returned reaches the open store's.
 */
export function openedUnitOfWork(subject: ContractSubject): UnitOfWork {
  let opened: OpenedSubject | undefined;
  beforeAll(async () => {
    opened = await subject.open();
  });
  afterAll(() => opened?.close());
  const current = (): UnitOfWork => {
    if (!opened) throw new Error("the contract store is not open");
    return opened.unitOfWork;
  };
  return {
    get repositories() {
      return current().repositories;
    },
    transaction: (work) => current().transaction(work),
  };
}

/** The time the rows of these suites are created at, unless a test says otherwise. */
export const T0 = Date.parse("2026-03-01T00:00:00.000Z");

/** Stores a new team (role `provider` unless given) and returns it. */
export async function newTeam(uow: UnitOfWork, role: TeamRole = "provider", name?: string): Promise<Team> {
  const team = aTeam(role, new Date(T0), name);
  await uow.transaction((scope) => scope.teams.insert(team));
  return team;
}

/** A draft internet offer of `teamId` priced 49.90, created at T0. */
export function anOffer(teamId: string, overrides: Partial<Offer> = {}): Offer {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    ...blankOfferFields("Fiber 500", "internet"),
    id: randomUuid(),
    teamId,
    status: "draft",
    brand: null,
    monthlyPrice: "49.90",
    createdAt,
    updatedAt: createdAt,
    publishedAt: null,
    ...overrides,
  };
}

/** Inserts the offers one by one (outside a transaction) and returns them. */
export async function insertOffers(uow: UnitOfWork, list: Offer[]): Promise<Offer[]> {
  for (const offer of list) await uow.repositories.offers.insert(offer);
  return list;
}

/** Soft-deletes the offer (at T0 + 5 s), expecting it to be found. */
export async function softDeleteOffer(uow: UnitOfWork, offer: Offer): Promise<void> {
  expect(await uow.repositories.offers.softDelete(offer.teamId, offer.id, new Date(T0 + 5000))).toBe(true);
}

/** A brand of `teamId` with a unique name, created at T0. */
export function aBrand(teamId: string, overrides: Partial<Brand> = {}): Brand {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    id: randomUuid(),
    teamId,
    name: `Brand ${randomUuid().slice(0, 8)}`,
    logoUrl: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** A market of `teamId` with a unique name and no areas, created at T0. */
export function aMarket(teamId: string, overrides: Partial<Market> = {}): Market {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    id: randomUuid(),
    teamId,
    name: `Market ${randomUuid().slice(0, 8)}`,
    areas: [],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** A ZIP area. */
export function anArea(value: string, createdAt = new Date(T0)): MarketArea {
  return { id: randomUuid(), kind: "zip", value, createdAt };
}

/** The ids of `list`, in order. */
export const ids = (list: readonly { id: string }[]): string[] => list.map((row) => row.id);

/** Newest first, id descending as the tie-break: the order every list promises. */
export function newestFirst<T extends { createdAt: Date; id: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

/**
 * Walks a list page by page as a use case pages it (page request from the query, rows, list
 * result) until `hasMore` is false; `between` runs after each page but the last. The ids of each page.
 */
export async function walk(
  list: (page: PageRequest) => Promise<{ id: string }[]>,
  limit: number,
  between?: (pageIndex: number) => Promise<void>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const request = pageRequest("rows", cursor === undefined ? { limit } : { limit, cursor });
    const result = toListResult("rows", request, await list(request));
    if (Array.isArray(result)) throw new Error("expected a page");
    pages.push(ids(result.data));
    if (!result.hasMore) {
      expect(result.nextCursor).toBeNull();
      return pages;
    }
    expect(result.nextCursor).not.toBeNull();
    cursor = result.nextCursor ?? undefined;
    await between?.(pages.length - 1);
  }
  throw new Error("the walk did not end");
}
