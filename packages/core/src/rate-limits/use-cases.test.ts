import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type { RateLimitRule } from "./rate-limits.ts";
import { rateLimitUseCases } from "./use-cases.ts";

/** The use cases over a store that admits the first `room` requests and records what it was asked. */
function withStore(room: number) {
  const asked: { bucket: string; client: string; rule: RateLimitRule }[] = [];
  const rateLimits = {
    admit: async (bucket: string, client: string, rule: RateLimitRule) => {
      asked.push({ bucket, client, rule });
      return asked.length <= room;
    },
  };
  const ctx = {
    unitOfWork: { repositories: { rateLimits } },
    clock: { now: () => new Date("2026-06-01T12:00:00.000Z") },
  } as unknown as UseCaseContext;
  return { useCases: rateLimitUseCases(ctx), asked };
}

describe("rateLimitUseCases.consume", () => {
  it("counts the spec's buckets under their fixed rule", async () => {
    const { useCases, asked } = withStore(1);
    await useCases.consume("public.shop.orders", "203.0.113.7");
    expect(asked).toEqual([
      { bucket: "public.shop.orders", client: "203.0.113.7", rule: { limit: 10, windowMs: 60_000 } },
    ]);
    await expect(useCases.consume("public.shop.orders", "203.0.113.7")).rejects.toThrow(RateLimitedError);
  });

  it("counts an opt-in bucket under the operator's rule, and names that limit when refusing", async () => {
    const { useCases, asked } = withStore(1);
    const rule = { limit: 3, windowMs: 60_000 };
    await useCases.consume("public.links.orders", "2001:db8:1:2::9", rule);
    expect(asked).toEqual([{ bucket: "public.links.orders", client: "2001:db8:1:2::/64", rule }]);
    await expect(useCases.consume("public.consent.revoke", "203.0.113.7", rule)).rejects.toThrow(
      "Too many requests: at most 3 per minute from one client address; retry later",
    );
  });

  it("refuses an opt-in bucket without a rule, and an unknown bucket", async () => {
    const { useCases, asked } = withStore(10);
    const consume = useCases.consume as (bucket: string, client: string, rule?: RateLimitRule) => Promise<void>;
    await expect(consume("public.links.orders", "203.0.113.7")).rejects.toThrow(TypeError);
    await expect(consume("public.nothing", "203.0.113.7")).rejects.toThrow(TypeError);
    expect(asked).toEqual([]);
  });
});
