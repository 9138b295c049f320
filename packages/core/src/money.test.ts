import { describe, expect, it } from "vitest";
import { fromCents, isMoney, MAX_CENTS, normalizeMoney, sumMoney, toCents } from "./money.ts";

const VALID = ["0", "0.0", "0.00", "0.05", "1", "49", "49.9", "49.99", "100.10", "9999999999.99"];
const INVALID = [
  "-1",
  "01",
  "00",
  "00.50",
  "1.234",
  "1e3",
  " 1",
  "1 ",
  "",
  "NaN",
  "Infinity",
  "+1",
  ".5",
  "1.",
  "1,00",
  "0x10",
  "10000000000",
  "١٢",
];

describe("isMoney", () => {
  it.each(VALID)("accepts %j", (value) => {
    expect(isMoney(value)).toBe(true);
  });

  it.each(INVALID)("rejects %j", (value) => {
    expect(isMoney(value)).toBe(false);
  });
});

describe("toCents", () => {
  it.each([
    ["0", 0],
    ["0.05", 5],
    ["0.5", 50],
    ["49", 4900],
    ["49.9", 4990],
    ["49.99", 4999],
    ["100.10", 10010],
    ["9999999999.99", MAX_CENTS],
  ])("reads %j as %i cents", (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  it.each(INVALID)("throws a RangeError for %j", (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });
});

describe("fromCents", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [50, "0.50"],
    [4900, "49.00"],
    [4990, "49.90"],
    [4999, "49.99"],
    [MAX_CENTS, "9999999999.99"],
  ])("writes %i cents as %j", (cents, value) => {
    expect(fromCents(cents)).toBe(value);
  });

  it.each([
    0.5,
    1.5,
    4999.0001,
    -1,
    -0.01,
    MAX_CENTS + 1,
    Number.MAX_SAFE_INTEGER,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])("throws a RangeError for %d", (cents) => {
    expect(() => fromCents(cents)).toThrow(RangeError);
  });

  it("round-trips every amount from 0.00 to 200.00 and the edges of the range", () => {
    const amounts = [...Array.from({ length: 20_001 }, (_, i) => i), MAX_CENTS - 1, MAX_CENTS, 123_456_789_012];
    for (const cents of amounts) {
      const text = fromCents(cents);
      expect(isMoney(text)).toBe(true);
      expect(toCents(text)).toBe(cents);
    }
  });
});

describe("normalizeMoney", () => {
  it.each([
    ["0", "0.00"],
    ["49", "49.00"],
    ["49.9", "49.90"],
    ["49.99", "49.99"],
    ["0.0", "0.00"],
  ])("normalises %j to %j", (value, normalized) => {
    expect(normalizeMoney(value)).toBe(normalized);
    expect(toCents(normalizeMoney(value))).toBe(toCents(value));
  });

  it("throws for what isMoney rejects", () => {
    expect(() => normalizeMoney("1.234")).toThrow(RangeError);
  });
});

describe("sumMoney", () => {
  it("is exact where floating point is not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(["0.10", "0.20"])).toBe("0.30");
    expect(sumMoney(["0.1", "0.2"])).toBe("0.30");
  });

  it("adds many small amounts without drift", () => {
    expect(sumMoney(Array.from({ length: 1000 }, () => "0.01"))).toBe("10.00");
    expect(sumMoney(Array.from({ length: 10 }, () => "19.99"))).toBe("199.90");
  });

  it("accepts any iterable and mixed precision", () => {
    function* amounts() {
      yield "49.99";
      yield "5";
      yield "0.1";
    }
    expect(sumMoney(amounts())).toBe("55.09");
  });

  it("sums nothing to zero", () => {
    expect(sumMoney([])).toBe("0.00");
  });

  it("reaches the largest amount exactly and refuses to go beyond it", () => {
    expect(sumMoney(["9999999999.98", "0.01"])).toBe("9999999999.99");
    expect(() => sumMoney(["9999999999.99", "0.01"])).toThrow(RangeError);
  });

  it("throws for an invalid member", () => {
    expect(() => sumMoney(["1.00", "-1.00"])).toThrow(RangeError);
  });
});
