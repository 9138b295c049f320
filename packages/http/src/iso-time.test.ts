import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoTime } from "./iso-time.ts";

describe("isoTime", () => {
  it("is toISOString for any time, with years of four digits and beyond", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (time) => {
        const date = new Date(time);
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("is toISOString at the edges: epoch, leap days, centuries, the last millisecond of 9999", () => {
    const times = [0, 1, 999, 86_399_999, 86_400_000, 253_402_300_799_999, 253_402_300_800_000, -1];
    for (let year = 1970; year < 10_000; year++) {
      for (const [month, day] of [
        [0, 1],
        [1, 28],
        [1, 29],
        [2, 1],
        [11, 31],
      ] as const) {
        times.push(Date.UTC(year, month, day), Date.UTC(year, month, day, 23, 59, 59, 999));
      }
    }
    for (const time of times) expect(isoTime(new Date(time))).toBe(new Date(time).toISOString());
  });

  it("throws as toISOString does on an invalid date", () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
