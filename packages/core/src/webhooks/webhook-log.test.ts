import { describe, expect, it } from "vitest";
import { memberCan } from "../members/index.ts";
import { recordableHeaders } from "./delivery-records.ts";
import { parseAttemptQuery, successRate } from "./webhook-log.ts";

const TYPES = ["order.created", "webhook.test"];
const ID = "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";

describe("parseAttemptQuery", () => {
  it("reads every filter, names triggers as people do and empty fields as any", () => {
    const parsed = parseAttemptQuery(
      {
        webhookId: ID,
        eventType: "order.created",
        outcome: "failed",
        statusCode: "503",
        trigger: "manual",
        from: "2026-11-27T09:30",
        to: "2026-11-28T00:00:00.000Z",
        eventId: "",
        orderId: ` ${ID} `,
      },
      TYPES,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        webhookId: ID,
        eventType: "order.created",
        outcome: "failed",
        statusCode: 503,
        trigger: "redelivery",
        from: new Date("2026-11-27T09:30:00.000Z"),
        to: new Date("2026-11-28T00:00:00.000Z"),
        orderId: ID,
      },
    });
    expect(parseAttemptQuery({ statusCode: "0", trigger: "automatic" }, TYPES)).toEqual({
      ok: true,
      value: { statusCode: 0, trigger: "event" },
    });
  });

  it("names each bad field and keeps none of them", () => {
    const parsed = parseAttemptQuery(
      {
        webhookId: "42",
        eventType: "order.nope",
        outcome: "maybe",
        statusCode: "700",
        trigger: "event",
        from: "yesterday",
        orderId: "x",
      },
      TYPES,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.problems).sort()).toEqual(
      ["eventType", "from", "orderId", "outcome", "statusCode", "trigger", "webhookId"].sort(),
    );
    expect(parsed.problems.trigger).toBe("must be one of: automatic, manual, test, recovery");
  });

  it("refuses a range that ends before it starts", () => {
    const parsed = parseAttemptQuery({ from: "2026-11-28T00:00", to: "2026-11-27T00:00" }, TYPES);
    expect(parsed).toEqual({ ok: false, problems: { to: "must not be before the start of the range" } });
  });
});

describe("successRate", () => {
  it("is a whole percentage, rounded down, and null without attempts", () => {
    expect(successRate({ attempts: 3, successes: 2 })).toBe(66);
    expect(successRate({ attempts: 0, successes: 0 })).toBeNull();
    expect(successRate(undefined)).toBeNull();
  });
});

describe("webhook permissions", () => {
  it("let every role read and only owners and developers change", () => {
    for (const role of ["owner", "developer", "operations", "viewer"] as const) {
      expect(memberCan(role, "view_webhooks")).toBe(true);
    }
    expect(memberCan("owner", "manage_webhooks")).toBe(true);
    expect(memberCan("developer", "manage_webhooks")).toBe(true);
    expect(memberCan("operations", "manage_webhooks")).toBe(false);
    expect(memberCan("viewer", "manage_webhooks")).toBe(false);
  });
});

describe("recordableHeaders", () => {
  it("keeps names in lower case, drops the receiver's cookies and challenges, bounds the rest", () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`X-H${i}`, "v"]));
    expect(
      recordableHeaders({
        "Content-Type": "text/plain",
        "Set-Cookie": "s=1",
        "WWW-Authenticate": "Basic",
        "X-Long": "a".repeat(600),
      }),
    ).toEqual({ "content-type": "text/plain", "x-long": "a".repeat(512) });
    expect(Object.keys(recordableHeaders(many))).toHaveLength(40);
  });
});
