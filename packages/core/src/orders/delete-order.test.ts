import { describe, expect, it } from "vitest";
import { deletionBlockers } from "./delete-order.ts";
import type { OrderItemStatus } from "./types.ts";

const order = (isTraining: boolean, statuses: OrderItemStatus[]) => ({
  isTraining,
  items: statuses.map((status) => ({ status })),
});

describe("deletionBlockers", () => {
  it("allows a training order whatever its items' statuses", () => {
    expect(deletionBlockers(order(true, ["pending", "accepted", "handoff", "scheduled"]))).toEqual([]);
  });

  it("allows a live order whose every item is rejected, completed or cancelled", () => {
    expect(deletionBlockers(order(false, ["rejected", "completed", "cancelled"]))).toEqual([]);
  });

  it("names each open status of a live order once", () => {
    expect(
      deletionBlockers(order(false, ["pending", "completed", "pending", "handoff", "accepted", "scheduled"])),
    ).toEqual(["pending", "handoff", "accepted", "scheduled"]);
  });
});
