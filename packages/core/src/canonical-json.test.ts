import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";

/** The IEEE 754 double of 16 hex digits, as RFC 8785 Appendix B lists its samples. */
function double(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe("canonical JSON is RFC 8785 (JCS)", () => {
  it("serialises the RFC's §3.2.2 sample exactly", () => {
    const input = JSON.parse(String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`);
    expect(canonicalJson(input)).toBe(
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    );
  });

  it("sorts member names by UTF-16 code units (the RFC's §3.2.3 sample)", () => {
    const input = JSON.parse(String.raw`{
      "\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control", "\u00f6": "Latin Small Letter O With Diaeresis"
    }`);
    const order = Object.values(JSON.parse(canonicalJson(input)) as Record<string, string>);
    expect([...canonicalJson(input).matchAll(/:"([^"]+)"/g)].map((m) => m[1])).toEqual([
      "Carriage Return",
      "One",
      "Control",
      "Latin Small Letter O With Diaeresis",
      "Euro Sign",
      "Emoji: Grinning Face",
      "Hebrew Letter Dalet With Dagesh",
    ]);
    expect(order).toHaveLength(7);
  });

  it("sorts integer-like names as strings, not in JavaScript's numeric property order", () => {
    expect(canonicalJson({ 9: "nine", 10: "ten", a: { 2: true, 10: false } })).toBe(
      '{"10":"ten","9":"nine","a":{"10":false,"2":true}}',
    );
  });

  it("serialises numbers as the RFC's Appendix B samples", () => {
    const samples: [string, string][] = [
      ["0000000000000000", "0"],
      ["8000000000000000", "0"],
      ["0000000000000001", "5e-324"],
      ["8000000000000001", "-5e-324"],
      ["7fefffffffffffff", "1.7976931348623157e+308"],
      ["ffefffffffffffff", "-1.7976931348623157e+308"],
      ["4340000000000000", "9007199254740992"],
      ["c340000000000000", "-9007199254740992"],
      ["4430000000000000", "295147905179352830000"],
      ["44b52d02c7e14af5", "9.999999999999997e+22"],
      ["44b52d02c7e14af6", "1e+23"],
      ["44b52d02c7e14af7", "1.0000000000000001e+23"],
      ["444b1ae4d6e2ef4e", "999999999999999700000"],
      ["444b1ae4d6e2ef4f", "999999999999999900000"],
      ["444b1ae4d6e2ef50", "1e+21"],
      ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
      ["3eb0c6f7a0b5ed8d", "0.000001"],
      ["41b3de4355555553", "333333333.3333332"],
      ["41b3de4355555554", "333333333.33333325"],
      ["41b3de4355555555", "333333333.3333333"],
      ["41b3de4355555556", "333333333.3333334"],
      ["41b3de4355555557", "333333333.33333343"],
      ["becbf647612f3696", "-0.0000033333333333333333"],
      ["43143ff3c1cb0959", "1424953923781206.2"],
    ];
    for (const [hex, text] of samples) expect([hex, canonicalJson(double(hex))]).toEqual([hex, text]);
  });

  it("refuses NaN and infinities, drops undefined members, keeps arrays in order, no whitespace", () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/no form for NaN/);
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(/no form for Infinity/);
    expect(canonicalJson({ b: undefined, a: [3, 1, 2], c: "x" })).toBe('{"a":[3,1,2],"c":"x"}');
    expect(canonicalJson([undefined])).toBe("[null]");
    expect(canonicalJson({ at: new Date("2026-01-02T03:04:05.000Z") })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
    expect(canonicalJson(JSON.parse('{"__proto__":1}'))).toBe('{"__proto__":1}');
  });
});
