import { describe, expect, it } from "vitest";
import { durationWords } from "./duration.ts";

describe("durationWords", () => {
  it("says days from two days up, hours from two hours up, else minutes", () => {
    expect(durationWords(71.6 * 3_600_000)).toBe("3 days"); // the default retry schedule
    expect(durationWords(5 * 24 * 3_600_000)).toBe("5 days");
    expect(durationWords(47 * 3_600_000)).toBe("47 hours");
    expect(durationWords(12 * 3_600_000)).toBe("12 hours");
    expect(durationWords(61 * 60_000)).toBe("61 minutes");
    expect(durationWords(60_000)).toBe("1 minute");
    expect(durationWords(0)).toBe("1 minute");
  });

  it("stops at hours when asked (an invite's 72 hours)", () => {
    expect(durationWords(72 * 3_600_000, "hours")).toBe("72 hours");
    expect(durationWords(90 * 60_000, "hours")).toBe("90 minutes");
  });
});
