import { describe, expect, it } from "vitest";
import { afterPendingEvents, type TransactionWrites } from "./transaction-writes.ts";

describe("afterPendingEvents", () => {
  const recording = () => {
    const calls: string[] = [];
    const writes = { flush: async () => void calls.push("flush") } as unknown as TransactionWrites;
    return { calls, writes };
  };

  it("writes the waiting events before every method of a class's instance, with the instance as this", async () => {
    const { calls, writes } = recording();
    class Repository {
      constructor(private readonly name: string) {}
      async find(id: string) {
        calls.push(`find ${id} by ${this.name}`);
        return id;
      }
    }
    const wrapped = afterPendingEvents(new Repository("repo"), writes);
    expect(await wrapped.find("a")).toBe("a");
    expect(calls).toEqual(["flush", "find a by repo"]);
  });

  it("does the same for a part made as an object literal (its methods are own properties)", async () => {
    const { calls, writes } = recording();
    const wrapped = afterPendingEvents({ insert: async () => void calls.push("insert") }, writes);
    await wrapped.insert();
    expect(calls).toEqual(["flush", "insert"]);
  });
});
