/**
 * Contract of `RateLimitStore`: at most `limit` admitted requests per bucket and client in any
 * `windowMs`, over a sliding window; refused requests are not counted.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { openedUnitOfWork } from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

const RULE = { limit: 30, windowMs: 60_000 };
const at = (iso: string) => new Date(iso);

export function rateLimitContract(subject: ContractSubject): void {
  describe(`RateLimitStore (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const storeOf = () => uow.repositories.rateLimits;

    it("admits `limit` requests in a window, then refuses, per bucket and client", async () => {
      const now = at("2026-05-01T10:00:30.000Z");
      const results = [];
      for (let i = 0; i < 31; i++) results.push(await storeOf().admit("b1", "198.51.100.1", RULE, now));
      expect(results.filter(Boolean)).toHaveLength(30);
      expect(results.at(-1)).toBe(false);
      expect(await storeOf().admit("b1", "198.51.100.2", RULE, now)).toBe(true);
      expect(await storeOf().admit("b2", "198.51.100.1", RULE, now)).toBe(true);
    });

    it("slides: a request leaves the window exactly windowMs after it was admitted; refusals are not counted", async () => {
      const rule = { limit: 3, windowMs: 60_000 };
      const client = "198.51.100.3";
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:00:10.000Z"))).toBe(true);
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:00:40.000Z"))).toBe(true);
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:00:50.000Z"))).toBe(true);
      // A fixed window would reset at 10:01:00; this one still holds three requests.
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:01:05.000Z"))).toBe(false);
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:01:10.000Z"))).toBe(true);
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:01:11.000Z"))).toBe(false);
      expect(await storeOf().admit("slide", client, rule, at("2026-05-01T10:01:40.000Z"))).toBe(true);
    });

    it("starts afresh for a client whose requests all left the window, other clients' windows dropped meanwhile", async () => {
      const rule = { limit: 1, windowMs: 1000 };
      expect(await storeOf().admit("fresh", "a", rule, at("2026-05-02T00:00:00.000Z"))).toBe(true);
      expect(await storeOf().admit("fresh", "b", rule, at("2026-05-02T00:00:00.500Z"))).toBe(true);
      expect(await storeOf().admit("fresh", "a", rule, at("2026-05-02T00:00:00.999Z"))).toBe(false);
      expect(await storeOf().admit("fresh", "c", rule, at("2026-05-02T00:00:05.000Z"))).toBe(true);
      expect(await storeOf().admit("fresh", "a", rule, at("2026-05-02T00:00:05.000Z"))).toBe(true);
      expect(await storeOf().admit("fresh", "b", rule, at("2026-05-02T00:00:05.100Z"))).toBe(true);
      expect(await storeOf().admit("fresh", "b", rule, at("2026-05-02T00:00:05.200Z"))).toBe(false);
    });

    it("counts concurrent requests exactly: never more than the limit", async () => {
      const now = at("2026-05-01T11:00:00.000Z");
      const results = await Promise.all(
        Array.from({ length: 80 }, () => storeOf().admit("race", "203.0.113.5", RULE, now)),
      );
      expect(results.filter(Boolean)).toHaveLength(30);
    });

    it("refuses a limit that is not a positive integer", async () => {
      for (const limit of [0, -1, 1.5]) {
        await expect(storeOf().admit("bad", "x", { limit, windowMs: 1000 }, new Date())).rejects.toThrow(TypeError);
      }
    });
  });
}
