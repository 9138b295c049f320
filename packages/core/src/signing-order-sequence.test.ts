import { describe, expect, it } from "vitest";
import { isStaleForOrder, orderPosition } from "./signing.ts";

describe("per-order sequence helpers", () => {
  const event = (sequence: unknown, orderId: unknown = "o-1") => ({ id: "e", data: { orderId, sequence } });

  it("reads an envelope's order and sequence, or null for an event about no order", () => {
    expect(orderPosition(event(3))).toEqual({ orderId: "o-1", sequence: 3 });
    expect(orderPosition(event(undefined))).toBeNull();
    expect(orderPosition(event(1.5))).toBeNull();
    expect(orderPosition(event(2, null))).toBeNull();
    expect(orderPosition(null)).toBeNull();
    expect(orderPosition({ id: "e", data: { webhookId: "w" } })).toBeNull();
  });

  it("calls an event stale when its order already had that sequence or a later one applied", () => {
    expect(isStaleForOrder(event(4), 5)).toBe(true);
    expect(isStaleForOrder(event(5), 5)).toBe(true);
    expect(isStaleForOrder(event(6), 5)).toBe(false);
    expect(isStaleForOrder(event(1), undefined)).toBe(false);
    expect(isStaleForOrder(event(1), null)).toBe(false);
    expect(isStaleForOrder(event(undefined), 5)).toBe(false);
  });
});
