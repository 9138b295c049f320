import { describe, expect, it } from "vitest";
import { isoTime } from "./iso-time.ts";

describe("isoTime", () => {
  it("is toISOString for any time, with years of four digits and beyond", () => {
    // 20 000 times spread over the whole range of Date (a fixed-seed generator: the same times on every run).
    let seed = 0x2545f491;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    for (let run = 0; run < 20_000; run++) {
      const time = Math.round((next() * 2 - 1) * 8.64e15);
      const date = new Date(time);
      expect(isoTime(date)).toBe(date.toISOString());
    }
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
