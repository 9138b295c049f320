import { describe, expect, it } from "vitest";
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "./check-json-body.ts";

const nested = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

describe("jsonNestingExceeds", () => {
  it("counts objects and arrays alike, and nothing else", () => {
    expect(jsonNestingExceeds("1", 0)).toBe(false);
    expect(jsonNestingExceeds('"text"', 0)).toBe(false);
    expect(jsonNestingExceeds("{}", 0)).toBe(true);
    expect(jsonNestingExceeds("{}", 1)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{"b":[]}]}', 3)).toBe(true);
    // Siblings do not add up: depth is the deepest path, not the count of brackets.
    expect(jsonNestingExceeds(`[${Array(1000).fill("[[]]").join(",")}]`, 3)).toBe(false);
  });

  it("takes exactly MAX_JSON_DEPTH levels and refuses one more", () => {
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestingExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestingExceeds(`["${"[{".repeat(100)}"]`, 1)).toBe(false);
    expect(jsonNestingExceeds(`["a\\"[[[[", "\\\\"]`, 1)).toBe(false);
    // An escaped backslash ends before the quote, which then closes the string.
    expect(jsonNestingExceeds(`["\\\\", [[]]]`, 2)).toBe(true);
    expect(jsonNestingExceeds(`{"[[[[": {"}}}}": 1}}`, 2)).toBe(false);
  });

  it("answers for a million levels without recursion, and for malformed text", () => {
    expect(jsonNestingExceeds("[".repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestingExceeds(`${"[".repeat(10)}"\\ud800`, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestingExceeds("]]]]}}}}[[", 1)).toBe(true);
    expect(jsonNestingExceeds('"never closed [[[[', 1)).toBe(false);
  });
});
